/**
 * Hand-written Reddit bodies for the project's own tests (parser cases that always run, and the
 * e2e replay). Not captures: ids, names, texts and numbers are invented. The shapes follow the
 * public Listing schema the captures in ../shared/fixtures/forum show (`{kind: "Listing",
 * data: {after, before, dist, children: [{kind, data}]}}`, t3 = post, t1 = comment) and Reddit's
 * public block pages.
 */

type Obj = Record<string, unknown>;

/** A self post in r/<subreddit> (t3 data), created at `createdUtc`. */
export function t3(id: string, overrides: Obj = {}): Obj {
  const subreddit = (overrides.subreddit as string) ?? 'selfhosted';
  const createdUtc = (overrides.created_utc as number) ?? 1_700_000_000.0;
  const slug = `post_${id}`;
  return {
    approved_at_utc: null,
    subreddit,
    selftext: `Body of post ${id}.`,
    author_fullname: 't2_abc123',
    saved: false,
    gilded: 0,
    title: `Title of post ${id}`,
    link_flair_richtext: [],
    subreddit_name_prefixed: `r/${subreddit}`,
    hidden: false,
    link_flair_css_class: null,
    downs: 0,
    name: `t3_${id}`,
    upvote_ratio: 0.94,
    author_flair_background_color: null,
    subreddit_type: 'public',
    ups: 57,
    total_awards_received: 0,
    score: 57,
    thumbnail: 'self',
    edited: false,
    is_self: true,
    created: createdUtc,
    link_flair_type: 'text',
    domain: `self.${subreddit}`,
    selftext_html: `<!-- SC_OFF --><div class="md"><p>Body of post ${id}.</p>\n</div><!-- SC_ON -->`,
    archived: false,
    over_18: false,
    spoiler: false,
    locked: false,
    author_flair_text: null,
    subreddit_id: 't5_2qh1i',
    link_flair_background_color: '',
    id,
    author: 'quiet_owl',
    num_comments: 12,
    permalink: `/r/${subreddit}/comments/${id}/${slug}/`,
    stickied: false,
    url: `https://www.reddit.com/r/${subreddit}/comments/${id}/${slug}/`,
    subreddit_subscribers: 401_233,
    created_utc: createdUtc,
    num_crossposts: 0,
    media: null,
    is_video: false,
    ...overrides,
  };
}

/** A comment (t1 data) on post `linkId` in r/<subreddit>. */
export function t1(id: string, overrides: Obj = {}): Obj {
  const subreddit = (overrides.subreddit as string) ?? 'selfhosted';
  const createdUtc = (overrides.created_utc as number) ?? 1_700_003_600.0;
  return {
    total_awards_received: 0,
    approved_at_utc: null,
    edited: 1_700_004_000.0,
    link_id: 't3_p1',
    replies: '',
    id,
    gilded: 0,
    archived: false,
    author: 'night_heron',
    num_comments: 12,
    created_utc: createdUtc,
    parent_id: 't3_p1',
    score: 9,
    author_fullname: 't2_def456',
    over_18: false,
    subreddit_id: 't5_2qh1i',
    body: `Comment ${id}: try a reverse proxy.`,
    link_title: 'Title of post p1',
    name: `t1_${id}`,
    downs: 0,
    is_submitter: false,
    body_html: `<div class="md"><p>Comment ${id}: try a reverse proxy.</p>\n</div>`,
    distinguished: null,
    stickied: false,
    subreddit_name_prefixed: `r/${subreddit}`,
    score_hidden: false,
    permalink: `/r/${subreddit}/comments/p1/post_p1/${id}/`,
    link_permalink: `https://www.reddit.com/r/${subreddit}/comments/p1/post_p1/`,
    link_author: 'quiet_owl',
    subreddit,
    subreddit_type: 'public',
    link_url: `https://www.reddit.com/r/${subreddit}/comments/p1/post_p1/`,
    created: createdUtc,
    collapsed: false,
    controversiality: 0,
    locked: false,
    ups: 9,
    ...overrides,
  };
}

export function listing(children: { kind: string; data: Obj }[], after: string | null = null): Obj {
  return { kind: 'Listing', data: { after, dist: children.length, modhash: '', geo_filter: '', children, before: null } };
}

export const post = (id: string, overrides: Obj = {}) => ({ kind: 't3', data: t3(id, overrides) });
export const comment = (id: string, overrides: Obj = {}) => ({ kind: 't1', data: t1(id, overrides) });

/**
 * Reddit's block page for throttled clients, as served with HTTP 429: the template of the public
 * page (its heading's redditstatic header image, its link to the API rules), sentences as quoted.
 */
export const WHOA_THERE_HTML = `<!doctype html>
<html>
  <head><title>Too Many Requests</title>
  <style>
      body { font: small verdana, arial, helvetica, sans-serif; width: 600px; margin: 0 auto; }
      h1 { height: 40px; background: transparent url(//www.redditstatic.com/reddit.com.header.png) no-repeat scroll top right; }
  </style></head>
  <body>
    <h1>whoa there, pardner!</h1>
    <p>we're sorry, but you appear to be a bot and we've seen too many requests from you lately.
    we enforce a hard speed limit on requests that appear to come from bots to prevent abuse.</p>
    <p>if you are not a bot but are spoofing one via your browser's user agent string: please change your user agent string to avoid seeing this message again.</p>
    <p>please wait 2 second(s) and try again.</p>
    <p>as a reminder to developers, we recommend that clients make no more than <a href="http://github.com/reddit/reddit/wiki/API">one request every two seconds</a> to avoid seeing this message.</p>
  </body>
</html>`;

/** The network-security block page served with HTTP 403 (its "Log in" and "File a ticket" links). */
export const NETWORK_BLOCK_HTML = `<!DOCTYPE html><html><head><title></title></head><body>
<div class="font-bold text-24 text-neutral-content-strong">You've been blocked by network security.</div>
<p>To continue, log in to your Reddit account or use your developer token</p>
<p>If you think you've been blocked by mistake, file a ticket below and we'll look into it.</p>
<a href="https://www.reddit.com/login/">Log in</a><a href="https://support.reddithelp.com/hc/en-us/requests/new?ticket_form_id=21879292693140">File a ticket</a>
</body></html>`;

/**
 * The network-security page in German: SELF-WRITTEN (no capture of a translated page exists), the
 * markup of NETWORK_BLOCK_HTML with every sentence translated — only its markers can tell it.
 */
export const NETWORK_BLOCK_HTML_DE = `<!DOCTYPE html><html lang="de"><head><title></title></head><body>
<div class="font-bold text-24 text-neutral-content-strong">Du wurdest von der Netzwerksicherheit blockiert.</div>
<p>Melde dich bei deinem Reddit-Konto an oder verwende dein Entwickler-Token</p>
<p>Wenn du glaubst, dass wir dich irrtümlich blockiert haben, erstelle unten ein Ticket.</p>
<a href="https://www.reddit.com/login/">Anmelden</a><a href="https://support.reddithelp.com/hc/de/requests/new?ticket_form_id=21879292693140">Ticket erstellen</a>
</body></html>`;

/** The JSON form of a 429. */
export const TOO_MANY_REQUESTS_JSON = '{"message": "Too Many Requests", "error": 429}';
