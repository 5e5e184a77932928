/**
 * Written upstream answers for tests, the demo and the simulated webs (not captures: names and
 * numbers invented), in the shape of the real `GET https://substack.com/api/v1/user/<handle>/public_profile`
 * answer (../shared/fixtures/newsletter/user-public-profile-jakubslys-2025-07.json, without the
 * viewer fields of its logged-in recording).
 */
export interface SubstackSample {
  handle: string;
  name: string;
  bio?: string;
  id?: number;
  /** The primary publication: its subdomain and custom domain. */
  publication?: { subdomain: string; name: string; customDomain?: string | null };
  /** `userLinks` URLs. */
  links?: string[];
  subscribers?: number;
}

export function substackProfileBody(s: SubstackSample): Record<string, unknown> {
  const id = s.id ?? 254_824_415;
  const pub = s.publication
    ? {
        id: id + 7,
        subdomain: s.publication.subdomain,
        custom_domain: s.publication.customDomain ?? null,
        custom_domain_optional: false,
        name: s.publication.name,
        logo_url: null,
        author_id: id,
        user_id: id,
      }
    : null;
  return {
    id,
    name: s.name,
    handle: s.handle,
    previous_name: null,
    photo_url: 'https://substack-post-media.s3.amazonaws.com/public/images/sample_256x256.png',
    bio: s.bio ?? '',
    profile_set_up_at: '2024-07-23T21:21:27.927Z',
    profile_disabled: false,
    publicationUsers: pub
      ? [{ id: id + 11, user_id: id, publication_id: pub.id, role: 'admin', public: true, is_primary: true, publication: pub }]
      : [],
    userLinks: (s.links ?? []).map((url, i) => ({ id: i + 1, url, label: null })),
    subscriptions: [],
    subscriberCount: String(s.subscribers ?? 88),
    subscriberCountNumber: s.subscribers ?? 88,
    subscriberCountString: `${s.subscribers ?? 88} subscribers`,
    rough_num_free_subscribers: 'Tens',
    slug: s.handle.replace(/_/g, '-'),
    primaryPublication: pub,
    subdomainUrl: `https://${s.handle}.substack.com`,
    twitterAccount: null,
  };
}

/** Substack's 404 body for an unknown handle. */
export const SUBSTACK_NOT_FOUND = { error: 'User not found' };
