/**
 * The type of a Pothos field builder (`t`) over a record shape, for fields two GraphQL types of
 * one platform both carry: they are declared once, in a function taking `t` whose result each
 * type spreads into its `fields` (e.g. forum's comment fields, social-a's event fields).
 */
import type { FieldKind, ObjectRef, SchemaTypes } from '@pothos/core';
import type { builder } from './builder.js';

type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never;

/** `t` of a type whose records have at least `Shape`'s members. */
export type Fields<Shape, Kind extends FieldKind = 'Object'> = PothosSchemaTypes.FieldBuilder<BuilderTypes, Shape, Kind>;

/** A GraphQL object type made on the builder, over records of `Shape` (for a shared field that returns it). */
export type Ref<Shape> = ObjectRef<BuilderTypes, Shape>;

/**
 * The Kind of a `Fields` shared by an interface and an object type (forum's item fields): Pothos's
 * option types do not resolve over a Kind parameter, so such fields type their resolvers' parent
 * by hand.
 */
export type AnyKind = any;
