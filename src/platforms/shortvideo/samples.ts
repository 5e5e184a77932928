/**
 * TikTok pages written for the tests — not captures. The shared fixtures hold only a 2022
 * SIGI_STATE page, so the current shape (`__UNIVERSAL_DATA_FOR_REHYDRATION__`), the not-found
 * answers and the captcha interstitial are written here from what is publicly known of them:
 * the key layout `__DEFAULT_SCOPE__["webapp.user-detail"] = {userInfo: {user, stats, statsV2,
 * itemList}, shareMeta, statusCode, statusMsg, needFix}` (platforms.md; public scrapers read the
 * same paths), the user-detail status codes 10202 / 10221 for a missing account, and the captcha
 * page titled `tiktok-verify-page`. The account, its texts and numbers are invented.
 */

export interface UserOverrides {
  user?: Record<string, unknown>;
  stats?: Record<string, unknown> | null;
  statsV2?: Record<string, unknown> | null;
}

/** An invented account in the current user-detail shape. */
export function nightOwlUser(o: UserOverrides = {}): {
  user: Record<string, unknown>;
  stats?: Record<string, unknown>;
  statsV2?: Record<string, unknown>;
} {
  const user = {
    id: '7012345678901234567',
    shortId: '',
    uniqueId: 'nightowl.ceramics',
    nickname: 'Night Owl Ceramics 🦉',
    avatarLarger: 'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/abc123~c5_1080x1080.jpeg?x-expires=1760000000',
    avatarMedium: 'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/abc123~c5_720x720.jpeg?x-expires=1760000000',
    avatarThumb: 'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/abc123~c5_100x100.jpeg?x-expires=1760000000',
    signature: 'Handmade mugs from Leeds 🏴\nshop: nightowlceramics.com\n📩 hello@nightowlceramics.com\nIG: nightowl.bar',
    createTime: 1632000000,
    verified: false,
    secUid: 'MS4wLjABAAAAinventedSecUidForTestsOnly0000000000000000',
    ftc: false,
    relation: 0,
    openFavorite: false,
    // Current pages often spell the declared website without a scheme.
    bioLink: { link: 'linktr.ee/nightowl.ceramics', risk: 0 },
    commentSetting: 0,
    commerceUserInfo: { commerceUser: true, category: 'Home & Garden' },
    duetSetting: 0,
    stitchSetting: 0,
    privateAccount: false,
    secret: false,
    isADVirtual: false,
    roomId: '',
    uniqueIdModifyTime: 0,
    ttSeller: false,
    region: 'GB',
    downloadSetting: 0,
    profileTab: { showMusicTab: false, showQuestionTab: true, showPlayListTab: true },
    followingVisibility: 1,
    recommendReason: '',
    nowInvitationCardUrl: '',
    nickNameModifyTime: 1690000000,
    isEmbedBanned: false,
    canExpPlaylist: true,
    profileEmbedPermission: 1,
    language: 'en',
    eventList: [],
    suggestAccountBind: false,
    isOrganization: 0,
    UserStoryStatus: 0,
    ...o.user,
  };
  const stats = {
    followerCount: 48200,
    followingCount: 311,
    heart: 1290000,
    heartCount: 1290000,
    videoCount: 214,
    diggCount: 5120,
    friendCount: 97,
  };
  const statsV2 = {
    followerCount: '48200',
    followingCount: '311',
    heart: '1290000',
    heartCount: '1290000',
    videoCount: '214',
    diggCount: '5120',
    friendCount: '97',
  };
  return {
    user,
    ...(o.stats === null ? {} : { stats: { ...stats, ...o.stats } }),
    ...(o.statsV2 === null ? {} : { statsV2: { ...statsV2, ...o.statsV2 } }),
  };
}

/**
 * A page in the current shape around `userDetail` (the value of `webapp.user-detail`; omitted when
 * undefined). `scope`: another key of `__DEFAULT_SCOPE__` to hold it (a video page's `webapp.video-detail`).
 */
export function universalPage(userDetail: unknown, opts: { title?: string; body?: string; scope?: string } = {}): string {
  const scope: Record<string, unknown> = {
    'webapp.app-context': {
      language: 'en',
      region: 'GB',
      appId: 1988,
      appType: 'm',
      user: {},
      wid: '7400000000000000000',
      odinId: '7400000000000000001',
    },
    'webapp.biz-context': { isGoogleBot: false, isBingBot: false, isBot: false, isSearchEngineBot: false },
    'seo.abtest': { canonical: 'https://www.tiktok.com/@nightowl.ceramics', pageId: '7400000000000000002', vidList: [], parameters: {} },
    'webapp.i18n-translation': { lang: 'en', translations: { err_user: "Couldn't find this account" } },
  };
  if (userDetail !== undefined) scope[opts.scope ?? 'webapp.user-detail'] = userDetail;
  // TikTok escapes `/` as \u002F inside its data scripts.
  const json = JSON.stringify({ __DEFAULT_SCOPE__: scope }).replace(/\//g, '\\u002F');
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="UTF-8"/><title>${opts.title ?? 'Night Owl Ceramics 🦉 (@nightowl.ceramics) | TikTok'}</title>
<link rel="canonical" href="https://www.tiktok.com/@nightowl.ceramics"/></head>
<body><div id="app">${opts.body ?? ''}</div>
<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${json}</script>
<script src="https://sf16-website-login.neutral.ttwstatic.com/obj/tiktok_web_login_static/tiktok/webapp/main/webapp-desktop/npm-async-bizMain.js" async=""></script>
</body></html>`;
}

/** A complete current-shape profile page. */
export function nightOwlPage(o: UserOverrides = {}): string {
  return universalPage({
    userInfo: { ...nightOwlUser(o), itemList: [] },
    shareMeta: {
      title: 'Night Owl Ceramics 🦉 on TikTok',
      desc: '@nightowl.ceramics 48.2k Followers, 311 Following, 1.3m Likes - Watch awesome short videos created by Night Owl Ceramics 🦉',
    },
    statusCode: 0,
    statusMsg: '',
    needFix: true,
  });
}

/** The current answer for an account nobody has: HTTP 200, an empty userInfo and statusCode 10221. */
export function notFoundUniversalPage(statusCode = 10221): string {
  return universalPage({ userInfo: {}, shareMeta: {}, statusCode, statusMsg: '', needFix: true }, { title: 'TikTok - Make Your Day' });
}

/** The 2022 answer: SIGI_STATE with no user and `UserPage.statusCode` 10202. */
export function notFoundSigiPage(uniqueId = 'no.such.owl', statusCode = 10202): string {
  const state = {
    AppContext: { appContext: { language: 'en', region: 'US' } },
    SEO: { metaParams: { title: 'TikTok - Make Your Day' } },
    UserModule: { users: {}, stats: {} },
    UserPage: { uniqueId, statusCode, secUid: '' },
    I18n: { lang: 'en' },
  };
  return `<!DOCTYPE html><html><head><title>TikTok - Make Your Day</title></head><body><div id="app"></div>
<script id="SIGI_STATE" type="application/json">${JSON.stringify(state)}</script></body></html>`;
}

/**
 * Older generations of the profile page — our own pages, written from what public scrapers read
 * (not captures). Late 2021 to early 2022: `<script id="sigi-persisted-data">` holding JavaScript,
 * `window['SIGI_STATE']={…};window['SIGI_RETRY']={…};` (yt-dlp's TikTok extractor looked for that
 * id; ssovit/TikTok-API-PHP issue #41 and several scrapers split the script at
 * `window['SIGI_STATE']=` … `;window['SIGI_RETRY']`). 2020–2021: the Next.js page,
 * `<script id="__NEXT_DATA__">` → `props.pageProps.{userInfo: {user, stats}, serverCode, statusCode}`
 * (scrapers read `props.pageProps.userInfo.user` and `.stats`, and `serverCode` 404 for a missing
 * account). The state below is the 2022 layout (UserModule / UserPage) with the invented account.
 */
export function sigiPersistedPage(state: Record<string, unknown>): string {
  const js = `window['SIGI_STATE']=${JSON.stringify(state).replace(/\//g, '\\u002F')};window['SIGI_RETRY']={"UserModule":{}};window['SIGI_STATE_COMPLETE']=true;`;
  return `<!DOCTYPE html><html lang="en"><head><title>Night Owl Ceramics 🦉 (@nightowl.ceramics) TikTok | Watch Night Owl Ceramics 🦉's Newest TikTok Videos</title></head>
<body><div id="app"></div><script id="sigi-persisted-data">${js}</script>
<script src="https://sf16-scmcdn-sg.ibytedtos.com/goofy/tiktok/web/node/_next/static/chunks/main.js" async=""></script></body></html>`;
}

/** The 2022 `UserModule` / `UserPage` state of the invented account (for the older pages above). */
export function nightOwlSigiState(o: UserOverrides = {}): Record<string, unknown> {
  const { user, stats } = nightOwlUser({ ...o, statsV2: null });
  return {
    AppContext: { appContext: { language: 'en', region: 'GB' } },
    ItemModule: {},
    UserModule: { users: { 'nightowl.ceramics': user }, stats: { 'nightowl.ceramics': stats } },
    UserPage: { uniqueId: 'nightowl.ceramics', statusCode: 0, secUid: user.secUid },
  };
}

/** A 2020–2021 Next.js profile page around `pageProps`. */
export function nextDataPage(pageProps: Record<string, unknown>, video?: string): string {
  const data = {
    props: { initialProps: { $pageUrl: `/@nightowl.ceramics${video ? `/video/${video}` : ''}`, $language: 'en' }, pageProps },
    page: video ? '/share/video/[id]' : '/share/user/[uniqueId]',
    query: video ? { id: video, uniqueId: 'nightowl.ceramics' } : { uniqueId: 'nightowl.ceramics' },
    buildId: 'invented-build-id',
    isFallback: false,
    customServer: true,
  };
  return `<!DOCTYPE html><html><head><title>Night Owl Ceramics 🦉 (@nightowl.ceramics) on TikTok</title></head>
<body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json" crossorigin="anonymous">${JSON.stringify(data)}</script></body></html>`;
}

/**
 * A server-rendered "Couldn't find this account" error container without data scripts: neither
 * the user nor TikTok's statusCode, so a page of unknown shape (its English sentence decides nothing).
 */
export const NOT_FOUND_TEXT_PAGE = `<!DOCTYPE html><html><head><title>TikTok - Make Your Day</title></head>
<body><main><div class="css-1y4x9xk-DivErrorContainer"><p class="emuynwa1">Couldn&#39;t find this account</p>
<p class="emuynwa2">Looking for videos? Try browsing our trending creators, hashtags, and sounds.</p></div></main></body></html>`;

/**
 * The current answer for an account nobody has, as a visitor from Japan gets it (our own: the
 * statusCode page with TikTok's error container rendered in Japanese).
 */
export function localizedNotFoundPage(): string {
  return notFoundUniversalPage(10221)
    .replace('<html lang="en">', '<html lang="ja">')
    .replace("Couldn't find this account", 'このアカウントは見つかりませんでした')
    .replace(
      '<body>',
      '<body><main><div class="css-1y4x9xk-DivErrorContainer"><p class="emuynwa1">このアカウントは見つかりませんでした</p><p class="emuynwa2">動画をお探しですか？</p></div></main>',
    );
}

/** TikTok's captcha interstitial: titled `tiktok-verify-page`, its options in `const option = {…}`. */
export const VERIFY_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>tiktok-verify-page</title>
<style>.page-desc{font-size:12px;color:#505050}</style></head>
<body><div id="tiktok-verify-ele"></div>
<script>const option = {"title":"tiktok-verify-page","subtype":"slide","region":"va","fp":"verify_invented_0000"};
const pageDescKey = 'user_verify_page_description';</script></body></html>`;

/** A bare captcha shell: no title marker, only the slider SDK loaded from a `/captcha/` path. */
export const CAPTCHA_SDK_PAGE = `<!DOCTYPE html><html><head><title>TikTok</title>
<script src="https://sf16-website-login.neutral.ttwstatic.com/obj/rc-verify-sg/captcha/index.js"></script></head>
<body><div id="captcha_container"></div></body></html>`;

/** An HTML page with neither data script (e.g. a redesign that moved the data). */
export const NO_DATA_PAGE = `<!DOCTYPE html><html><head><title>Night Owl Ceramics 🦉 (@nightowl.ceramics) | TikTok</title></head>
<body><div id="app"><h1>nightowl.ceramics</h1></div><script src="/main.js"></script></body></html>`;

// ---------------------------------------------------------------------------------------------
// Video pages (video.ts). Written, not captured: no public capture of a video page exists
// (../shared/fixtures/shortvideo/SOURCES.md "More endpoints"). Today's layout is
// `__DEFAULT_SCOPE__["webapp.video-detail"] = {itemInfo: {itemStruct}, shareMeta, statusCode,
// statusMsg}` (public scrapers read those paths); the item's members follow the 2022 capture's
// `ItemModule` items, with today's additions (an `author` object, `statsV2`, `collectCount`).
// The video, its texts and numbers are invented.
// ---------------------------------------------------------------------------------------------

export const NIGHT_OWL_VIDEO_ID = '7390112233445566778';

export interface VideoOverrides {
  item?: Record<string, unknown>;
  author?: Record<string, unknown>;
  stats?: Record<string, unknown> | null;
  statsV2?: Record<string, unknown> | null;
}

/** An invented video of @nightowl.ceramics in today's `itemStruct` shape. */
export function nightOwlVideoItem(o: VideoOverrides = {}): Record<string, unknown> {
  const { user } = nightOwlUser();
  const id = (o.item?.id as string | undefined) ?? NIGHT_OWL_VIDEO_ID;
  const stats = { diggCount: 18400, shareCount: 312, commentCount: 204, playCount: 251300, collectCount: 1710 };
  const statsV2 = {
    diggCount: '18421',
    shareCount: '312',
    commentCount: '204',
    playCount: '251337',
    collectCount: '1710',
    repostCount: '0',
  };
  const item: Record<string, unknown> = {
    id,
    desc: 'Glazing the winter mugs ❄️ #pottery #ceramics with @clay.studio.leeds',
    createTime: '1720000000',
    scheduleTime: 0,
    video: {
      id,
      height: 1024,
      width: 576,
      duration: 38,
      ratio: '540p',
      cover: 'https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/owlcover~tplv-photomode.jpeg?x-expires=1760000000',
      originCover: 'https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/owlorigin.jpeg?x-expires=1760000000',
      dynamicCover: 'https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/owldynamic.image?x-expires=1760000000',
      playAddr: 'https://v16-webapp-prime.tiktok.com/video/tos/maliva/tos-maliva-ve-0068c799/owlplay/?a=1988&mime_type=video_mp4',
      format: 'mp4',
      definition: '540p',
      codecType: 'h264',
      bitrate: 1203442,
    },
    author: { ...user, ...o.author },
    music: {
      id: '7390112233400000001',
      title: 'original sound - nightowl.ceramics',
      playUrl: 'https://sf16-ies-music-va.tiktokcdn.com/obj/musically-maliva-obj/owlsound.mp3',
      coverThumb: 'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/abc123~c5_100x100.jpeg',
      authorName: 'Night Owl Ceramics 🦉',
      original: true,
      duration: 38,
      album: '',
    },
    challenges: [
      { id: '6412', title: 'pottery', desc: '', profileThumb: '', isCommerce: false },
      { id: '9107', title: 'ceramics', desc: 'Share your #ceramics', profileThumb: '', isCommerce: false },
    ],
    ...(o.stats === null ? {} : { stats: { ...stats, ...o.stats } }),
    ...(o.statsV2 === null ? {} : { statsV2: { ...statsV2, ...o.statsV2 } }),
    warnInfo: [],
    originalItem: false,
    officalItem: false,
    textExtra: [
      { awemeId: '', start: 27, end: 35, hashtagName: 'pottery', hashtagId: '6412', type: 1, userId: '', userUniqueId: '', secUid: '' },
      { awemeId: '', start: 36, end: 45, hashtagName: 'ceramics', hashtagId: '9107', type: 1, userId: '', userUniqueId: '', secUid: '' },
      {
        awemeId: '',
        start: 51,
        end: 69,
        hashtagName: '',
        type: 0,
        userId: '6900000000000000001',
        userUniqueId: 'clay.studio.leeds',
        secUid: '',
      },
    ],
    secret: false,
    forFriend: false,
    privateItem: false,
    duetEnabled: true,
    stitchEnabled: true,
    isAd: false,
    shareEnabled: true,
    indexEnabled: true,
    locationCreated: 'GB',
    diversificationLabels: ['Art', 'Creativity'],
    collected: false,
    authorStats: { followerCount: 48200, followingCount: 311, heart: 1290000, heartCount: 1290000, videoCount: 214, diggCount: 5120 },
    ...o.item,
  };
  for (const [k, v] of Object.entries(item)) if (v === undefined) delete item[k];
  return item;
}

/** A page in today's shape around `videoDetail` (the value of `webapp.video-detail`). */
export function videoUniversalPage(videoDetail: unknown): string {
  return universalPage(videoDetail, { scope: 'webapp.video-detail', title: 'Glazing the winter mugs ❄️ | TikTok' });
}

/** A complete current-shape video page for `item` (default: the invented Night Owl video). */
export function nightOwlVideoPage(o: VideoOverrides = {}, item = nightOwlVideoItem(o)): string {
  return videoUniversalPage({
    itemInfo: { itemStruct: item },
    shareMeta: { title: 'Night Owl Ceramics 🦉 on TikTok', desc: 'Glazing the winter mugs ❄️' },
    statusCode: 0,
    statusMsg: '',
  });
}

/** Today's answer for a video nobody can see: HTTP 200, no itemStruct, TikTok's statusCode (10204 no such item, 10216 private…). */
export function videoStatusPage(statusCode: number): string {
  return videoUniversalPage({ itemInfo: {}, shareMeta: {}, statusCode, statusMsg: statusCode === 10216 ? 'item is private' : '' });
}

/**
 * A 2022-era video page: SIGI_STATE with `ItemModule[<id>]`, the author in `UserModule.users`
 * (when given) and `VideoPage.statusCode`. The test builds it around REAL objects of the 2022
 * profile capture (its `ItemModule` entry and its `UserModule` user); the page around them is ours.
 */
export function sigiVideoPage(item: Record<string, unknown> | null, user: Record<string, unknown> | null, statusCode = 0): string {
  const state = sigiVideoState(item, user, statusCode);
  return `<!DOCTYPE html><html><head><title>TikTok</title></head><body><div id="app"></div>
<script id="SIGI_STATE" type="application/json">${JSON.stringify(state).replace(/\//g, '\\u002F')}</script></body></html>`;
}

/** The SIGI_STATE of a 2022-era video page (sigiVideoPage; also held by an older `sigi-persisted-data` page, sigiPersistedPage). */
export function sigiVideoState(
  item: Record<string, unknown> | null,
  user: Record<string, unknown> | null,
  statusCode = 0,
): Record<string, unknown> {
  const id = item ? String(item.id) : '0';
  const uniqueId = user ? String(user.uniqueId) : item ? String(item.author) : '';
  return {
    AppContext: { appContext: { language: 'en', region: 'US' } },
    SEO: { metaParams: { title: 'TikTok - Make Your Day' } },
    ItemModule: item ? { [id]: item } : {},
    UserModule: { users: user ? { [uniqueId]: user } : {}, stats: {} },
    VideoPage: { statusCode },
    I18n: { lang: 'en' },
  };
}
