/**
 * Hand-written YouTube bodies for tests (parser tests and test/e2e/video.test.ts). Not captures:
 * written by us in the public shape of youtube.com channel pages and `youtubei/v1/browse`
 * responses as of 2025–2026 (the shape the real captures in ../shared/fixtures/video show for
 * pages; for the about panel, which no capture holds, the `aboutChannelViewModel` members that
 * open-source YouTube clients read: description, country, subscriberCountText, viewCountText,
 * videoCountText, joinedDateText {content}, canonicalChannelUrl, channelId, signInForBusinessEmail,
 * links[].channelExternalLinkViewModel {title, link {content, commandRuns[].onTap.innertubeCommand
 * .urlEndpoint.url = youtube.com/redirect?…&q=<target>}, favicon}). Channels, ids, counts and
 * links are invented.
 */

type Obj = Record<string, unknown>;

export const TEST_CLIENT_VERSION = '2.20260301.00.00';
export const TEST_VISITOR_DATA = 'CgtUZXN0VmlzaXRvcii0oKnOBjIKCgJVUxIEGgAgWQ%3D%3D';

export interface TestChannel {
  channelId: string;
  /** Without @. */
  handle: string;
  title: string;
  description: string;
  keywords: string;
  subscribers: string;
  subscribersLabel: string;
  videos: string;
  /** First link shown in the header, and the suffix ("and 3 more links"), or null for none. */
  headerLink: { text: string; url: string; more: string | null } | null;
  /** Continuation token of the about panel; null for a header without description and links. */
  aboutToken: string | null;
}

export const NIGHT_OWL: TestChannel = {
  channelId: 'UCn1ghtOw1W0rkSh0pTest01',
  handle: 'NightOwlWorkshop',
  title: 'Night Owl Workshop',
  description:
    'Woodworking after dark 🦉\nNew builds every Thursday.\n\nBusiness enquiries: hello@nightowlworkshop.co.uk\nPlans: https://nightowlworkshop.co.uk/plans',
  keywords: 'woodworking "hand tools" joinery "night owl" diy',
  subscribers: '1.24M subscribers',
  subscribersLabel: '1.24 million subscribers',
  videos: '412 videos',
  headerLink: { text: 'nightowlworkshop.co.uk', url: 'https://nightowlworkshop.co.uk/', more: 'and 6 more links' },
  aboutToken:
    '4qmFsgJgEhhVQ24xZ2h0T3cxVzBya1NoMHBUZXN0MDEaRDhnWXJHaW1hQVNZS0pEYzBNV1l3TVdReExUQXdNREF0TWpJMk1TMDVPVFF4TFRVNE1qUXlPV1l3WWpZMU5BJTNEJTNE',
};

export const NIGHT_OWL_LINKS = [
  { title: 'Website', url: 'https://nightowlworkshop.co.uk/' },
  { title: 'Instagram', url: 'https://instagram.com/nightowlworkshop' },
  { title: 'Twitter', url: 'https://twitter.com/NightOwlWorks' },
  { title: 'TikTok', url: 'https://www.tiktok.com/@nightowlworkshop' },
  { title: 'Merch', url: 'https://nightowl-workshop.myshopify.com/collections/all' },
  { title: 'Patreon', url: 'https://www.patreon.com/nightowlworkshop' },
  { title: 'Discord', url: 'https://discord.gg/n1ghtow1' },
];

const tracking = (seed: string) => ({ trackingParams: `C${seed}Q6OENIhMI${seed}pv2NAxUYmlYBHWyZJGs=`, visibility: { types: '12' } });

function redirectUrl(target: string, event: string): string {
  return `https://www.youtube.com/redirect?event=${event}&redir_token=QUFFLUhqbTestTokenOnly${event.length}&q=${encodeURIComponent(target)}`;
}

/** A link as YouTube renders it in the header and the panel: shown without scheme, tapped through youtube.com/redirect. */
export function shownLink(url: string, event: string): Obj {
  const content = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return {
    content,
    commandRuns: [
      {
        startIndex: 0,
        length: content.length,
        onTap: {
          innertubeCommand: {
            clickTrackingParams: 'CBIQjaULIhMIvPf-vab9jQMVGJpWAR1smSRr',
            commandMetadata: { webCommandMetadata: { url: redirectUrl(url, event), webPageType: 'WEB_PAGE_TYPE_UNKNOWN', rootVe: 83769 } },
            urlEndpoint: { url: redirectUrl(url, event), target: 'TARGET_NEW_WINDOW', nofollow: true },
          },
        },
      },
    ],
  };
}

/** The engagement panel a header tap opens: a continuation item that loads the about panel. */
export function aboutPanelCommand(title: string, token: string): Obj {
  return {
    innertubeCommand: {
      clickTrackingParams: 'CBcQr_4KIhMIvPf-vab9jQMVGJpWAR1smSRr',
      showEngagementPanelEndpoint: {
        engagementPanel: {
          engagementPanelSectionListRenderer: {
            header: { engagementPanelTitleHeaderRenderer: { title: { simpleText: title } } },
            content: {
              sectionListRenderer: {
                contents: [
                  {
                    itemSectionRenderer: {
                      contents: [
                        {
                          continuationItemRenderer: {
                            trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
                            continuationEndpoint: {
                              clickTrackingParams: 'CBoQuy8YACITCLz3_r2m_Y0DFRiaVgEdbJkkaw==',
                              commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/browse' } },
                              continuationCommand: { token, request: 'CONTINUATION_REQUEST_TYPE_BROWSE' },
                            },
                          },
                        },
                      ],
                    },
                  },
                ],
              },
            },
            identifier: { surface: 'ENGAGEMENT_PANEL_SURFACE_BROWSE', tag: 'test-about-panel' },
          },
        },
      },
    },
  };
}

/** `ytInitialData` of a channel's Home tab, 2025 layout (pageHeaderViewModel). */
export function channelInitialData(c: TestChannel, extra: Obj = {}): Obj {
  const avatar = (size: number) => ({
    url: `https://yt3.googleusercontent.com/ytc/TestAvatar_${c.channelId}=s${size}-c-k-c0x00ffffff-no-rj`,
    width: size,
    height: size,
  });
  const header: Obj = {
    title: { dynamicTextViewModel: { text: { content: c.title }, maxLines: 2 } },
    image: {
      decoratedAvatarViewModel: {
        avatar: {
          avatarViewModel: {
            image: { sources: [avatar(72), avatar(120), avatar(160)], processor: { borderImageProcessor: { circular: true } } },
            avatarImageSize: 'AVATAR_SIZE_XL',
            loggingDirectives: tracking('CA'),
          },
        },
      },
    },
    metadata: {
      contentMetadataViewModel: {
        metadataRows: [
          { metadataParts: [{ text: { content: `@${c.handle}` }, enableTruncation: true }] },
          {
            metadataParts: [
              { text: { content: c.subscribers }, accessibilityLabel: c.subscribersLabel },
              { text: { content: c.videos, styleRuns: [{ startIndex: 0, length: c.videos.length }] } },
            ],
          },
        ],
        delimiter: '•',
      },
    },
  };
  if (c.aboutToken) {
    header.description = {
      descriptionPreviewViewModel: {
        description: { content: c.description.split('\n')[0] },
        maxLines: 2,
        truncationText: { content: '...more' },
        rendererContext: { commandContext: { onTap: aboutPanelCommand(c.title, c.aboutToken) } },
      },
    };
    if (c.headerLink) {
      header.attribution = {
        attributionViewModel: {
          text: shownLink(c.headerLink.url, 'channel_header'),
          ...(c.headerLink.more
            ? {
                suffix: {
                  content: c.headerLink.more,
                  commandRuns: [{ startIndex: 0, length: c.headerLink.more.length, onTap: aboutPanelCommand(c.title, `${c.aboutToken}x`) }],
                },
              }
            : {}),
        },
      };
    }
  }
  return {
    responseContext: {
      serviceTrackingParams: [
        {
          service: 'GFEEDBACK',
          params: [
            { key: 'route', value: 'channel.featured' },
            { key: 'browse_id', value: c.channelId },
          ],
        },
        {
          service: 'CSI',
          params: [
            { key: 'c', value: 'WEB' },
            { key: 'cver', value: TEST_CLIENT_VERSION },
          ],
        },
      ],
      maxAgeSeconds: 300,
    },
    contents: {
      twoColumnBrowseResultsRenderer: { tabs: [{ tabRenderer: { title: 'Home', selected: true } }, { tabRenderer: { title: 'Videos' } }] },
    },
    header: { pageHeaderRenderer: { pageTitle: c.title, content: { pageHeaderViewModel: header } } },
    metadata: {
      channelMetadataRenderer: {
        title: c.title,
        description: c.description,
        rssUrl: `https://www.youtube.com/feeds/videos.xml?channel_id=${c.channelId}`,
        externalId: c.channelId,
        keywords: c.keywords,
        ownerUrls: [`http://www.youtube.com/@${c.handle}`],
        avatar: {
          thumbnails: [
            { url: `https://yt3.googleusercontent.com/ytc/TestAvatar_${c.channelId}=s900-c-k-c0x00ffffff-no-rj`, width: 900, height: 900 },
          ],
        },
        channelUrl: `https://www.youtube.com/channel/${c.channelId}`,
        isFamilySafe: true,
        vanityChannelUrl: `http://www.youtube.com/@${c.handle}`,
      },
    },
    microformat: { microformatDataRenderer: { urlCanonical: `https://www.youtube.com/channel/${c.channelId}`, title: c.title } },
    ...extra,
  };
}

/** A youtube.com page around a `ytInitialData` object, with the `ytcfg` values a real page carries. */
export function channelHtml(data: Obj, title = 'YouTube'): string {
  const cfg = {
    INNERTUBE_CLIENT_VERSION: TEST_CLIENT_VERSION,
    INNERTUBE_CONTEXT_CLIENT_NAME: 1,
    VISITOR_DATA: TEST_VISITOR_DATA,
    HL: 'en',
    GL: 'US',
  };
  return `<!DOCTYPE html><html lang="en-US"><head><title>${title} - YouTube</title>
<script nonce="t3st">ytcfg.set(${JSON.stringify(cfg)});</script></head><body>
<script nonce="t3st">var ytInitialData = ${JSON.stringify(data)};</script>
<script nonce="t3st">if (window.ytcsi) {window.ytcsi.tick('pdr', null, '');}</script></body></html>`;
}

export interface TestAbout {
  channelId: string;
  handle: string;
  description: string;
  country: string | null;
  subscribers: string | null;
  videos: string;
  views: string;
  joined: string;
  links: { title: string; url: string }[];
}

export function nightOwlAbout(over: Partial<TestAbout> = {}): TestAbout {
  return {
    channelId: NIGHT_OWL.channelId,
    handle: NIGHT_OWL.handle,
    description: NIGHT_OWL.description,
    country: 'United Kingdom',
    subscribers: '1.24M subscribers',
    videos: '412 videos',
    views: '187,402,118 views',
    joined: 'Joined 14 Mar 2013',
    links: NIGHT_OWL_LINKS,
    ...over,
  };
}

/** The `aboutChannelViewModel` of a channel's about panel. */
export function aboutViewModel(a: TestAbout): Obj {
  return {
    description: a.description,
    descriptionLabel: { content: 'Description' },
    ...(a.country ? { country: a.country } : {}),
    customLinksLabel: { content: 'Links' },
    ...(a.subscribers ? { subscriberCountText: a.subscribers } : {}),
    viewCountText: a.views,
    joinedDateText: { content: a.joined },
    canonicalChannelUrl: `http://www.youtube.com/@${a.handle}`,
    channelId: a.channelId,
    additionalInfoLabel: { content: 'More info' },
    videoCountText: a.videos,
    signInForBusinessEmail: {
      content: 'Sign in to see email address',
      commandRuns: [
        {
          startIndex: 0,
          length: 7,
          onTap: { innertubeCommand: { signInEndpoint: { nextEndpoint: { browseEndpoint: { browseId: a.channelId } } } } },
        },
      ],
    },
    links: a.links.map((l, i) => ({
      channelExternalLinkViewModel: {
        title: { content: l.title },
        link: shownLink(l.url, 'channel_description'),
        favicon: {
          sources: [{ url: `https://encrypted-tbn${i % 4}.gstatic.com/favicon-tbn?q=tbn:TestFavicon${i}`, width: 16, height: 16 }],
        },
      },
    })),
    displayCanonicalChannelUrl: `www.youtube.com/@${a.handle}`,
    rendererContext: { loggingContext: { loggingDirectives: tracking('CD') } },
  };
}

/** The `youtubei/v1/browse` answer to the about panel's continuation. */
export function aboutBrowseResponse(a: TestAbout): Obj {
  return {
    responseContext: {
      visitorData: decodeURIComponent(TEST_VISITOR_DATA),
      serviceTrackingParams: [{ service: 'CSI', params: [{ key: 'cver', value: TEST_CLIENT_VERSION }] }],
    },
    trackingParams: 'CAAQhGciEwi89_69pv2NAxUYmlYBHWyZJGs=',
    onResponseReceivedEndpoints: [
      {
        clickTrackingParams: 'CAAQhGciEwi89_69pv2NAxUYmlYBHWyZJGs=',
        appendContinuationItemsAction: {
          continuationItems: [
            { aboutChannelRenderer: { metadata: { aboutChannelViewModel: aboutViewModel(a) }, trackingParams: 'CBMQ040E' } },
          ],
          targetId: 'test-about-panel',
        },
      },
    ],
  };
}

/** `ytInitialData` of `/channel/<id>/about`: the channel page with the about panel already open. */
export function aboutPageInitialData(c: TestChannel, a: TestAbout): Obj {
  return channelInitialData(c, {
    onResponseReceivedEndpoints: [
      {
        showEngagementPanelEndpoint: {
          engagementPanel: {
            engagementPanelSectionListRenderer: {
              content: {
                sectionListRenderer: {
                  contents: [
                    {
                      itemSectionRenderer: {
                        contents: [{ aboutChannelRenderer: { metadata: { aboutChannelViewModel: aboutViewModel(a) } } }],
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    ],
  });
}

/**
 * `ytInitialData` of a pre-November-2023 `/channel/<id>/about` page — our own page, written from
 * what public parsers read of that generation (invidious `src/invidious/channels/about.cr` and the
 * older NewPipe/InnerTube parsers: the selected About tab's `sectionListRenderer` →
 * `itemSectionRenderer` → `channelAboutFullMetadataRenderer` with `description` / `country` /
 * `viewCountText` as `simpleText`, `joinedDateText` as runs ("Joined ", date), `primaryLinks[]` of
 * `{title, navigationEndpoint.urlEndpoint.url}` through youtube.com/redirect), under the pre-2024
 * `c4TabbedHeaderRenderer`. No `aboutChannelViewModel` anywhere.
 */
export function legacyAboutPageInitialData(c: TestChannel, a: TestAbout): Obj {
  const data = channelInitialData(c);
  data.header = {
    c4TabbedHeaderRenderer: {
      channelId: c.channelId,
      title: c.title,
      subscriberCountText: { accessibility: { accessibilityData: { label: c.subscribersLabel } }, simpleText: c.subscribers },
      videosCountText: { runs: [{ text: c.videos.split(' ')[0] }, { text: ' videos' }] },
      channelHandleText: { runs: [{ text: `@${c.handle}` }] },
    },
  };
  const [joinedWord, ...date] = a.joined.split(' ');
  const about = {
    description: { simpleText: a.description },
    ...(a.country ? { country: { simpleText: a.country } } : {}),
    viewCountText: { simpleText: a.views },
    joinedDateText: { runs: [{ text: `${joinedWord} ` }, { text: date.join(' ') }] },
    canonicalChannelUrl: `http://www.youtube.com/@${a.handle}`,
    channelId: a.channelId,
    title: { simpleText: c.title },
    primaryLinks: a.links.map((l) => ({
      navigationEndpoint: {
        clickTrackingParams: 'CBAQmhsYACITCOK7q8Dm-v4CFQ',
        commandMetadata: {
          webCommandMetadata: { url: redirectUrl(l.url, 'channel_banner'), webPageType: 'WEB_PAGE_TYPE_UNKNOWN', rootVe: 83769 },
        },
        urlEndpoint: { url: redirectUrl(l.url, 'channel_banner'), target: 'TARGET_NEW_WINDOW', nofollow: true },
      },
      icon: { thumbnails: [{ url: 'https://encrypted-tbn0.gstatic.com/favicon-tbn?q=tbn:TestFaviconOld' }] },
      title: { simpleText: l.title },
    })),
    businessEmailLabel: { runs: [{ text: 'For business inquiries:' }] },
  };
  const tab = (title: string, selected: boolean, content?: Obj) => ({
    tabRenderer: { title, selected, ...(content ? { content } : {}), trackingParams: 'CAoQ8JMBGAYiEwjiu6vA5vr-AhU' },
  });
  data.contents = {
    twoColumnBrowseResultsRenderer: {
      tabs: [
        tab('Home', false),
        tab('Videos', false),
        tab('About', true, {
          sectionListRenderer: { contents: [{ itemSectionRenderer: { contents: [{ channelAboutFullMetadataRenderer: about }] } }] },
        }),
      ],
    },
  };
  return data;
}

/** A channel page for a handle nobody has: YouTube's alert in place of channel metadata. */
export function channelMissingInitialData(): Obj {
  return {
    responseContext: { serviceTrackingParams: [] },
    alerts: [{ alertRenderer: { type: 'ERROR', text: { simpleText: 'This channel does not exist.' } } }],
  };
}

/** YouTube's 404 page for an unknown handle (no ytInitialData). */
export const NOT_FOUND_HTML =
  '<!DOCTYPE html><html lang="en"><head><title>404 Not Found</title></head><body><div id="error-page"><p>This page isn\'t available. Sorry about that.</p></div></body></html>';

/** Google's cookie-consent interstitial, as served on consent.youtube.com. */
export const CONSENT_HTML = `<!DOCTYPE html><html lang="en"><head><title>Before you continue to YouTube</title></head><body>
<h1>Before you continue to YouTube</h1><p>We use cookies and data to deliver and maintain Google services…</p>
<form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="set_eom" value="true"><button>Reject all</button></form>
<form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="set_eom" value="false"><button>Accept all</button></form>
</body></html>`;

/**
 * A watch page (`/watch?v=<id>`) around a player response and, optionally, ytInitialData: the two
 * `var … = {…};` scripts the page carries (../shared/fixtures/video/watch-page-*.html).
 */
export function watchPageHtml(player: Obj, initialData?: Obj): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><title>${String((player.videoDetails as Obj | undefined)?.title ?? '')} - YouTube</title></head><body>` +
    `<script nonce="n">var ytInitialPlayerResponse = ${JSON.stringify(player)};var meta = document.createElement('meta');</script>` +
    (initialData ? `<script nonce="n">var ytInitialData = ${JSON.stringify(initialData)};</script>` : '') +
    '</body></html>'
  );
}

export interface TestVideo {
  videoId: string;
  title: string;
  description: string;
  lengthSeconds: number;
  viewCount: number;
  likeCount: number;
  channelId: string;
  author: string;
  publishDate: string;
  category: string;
  keywords: string[];
}

/** A player response's `videoDetails` (the WEB and ANDROID clients send the same). */
function videoDetailsOf(
  v: Pick<TestVideo, 'videoId' | 'title' | 'description' | 'lengthSeconds' | 'viewCount' | 'channelId' | 'author' | 'keywords'>,
): Obj {
  return {
    videoId: v.videoId,
    title: v.title,
    lengthSeconds: String(v.lengthSeconds),
    keywords: v.keywords,
    channelId: v.channelId,
    isOwnerViewing: false,
    shortDescription: v.description,
    isCrawlable: true,
    allowRatings: true,
    viewCount: String(v.viewCount),
    author: v.author,
    isPrivate: false,
    isUnpluggedCorpus: false,
    isLiveContent: false,
  };
}

/** A WEB player response (videoDetails, microformat, one written English caption track and the automatic one). */
export function playerResponse(v: TestVideo): Obj {
  return {
    playabilityStatus: { status: 'OK', playableInEmbed: true },
    videoDetails: videoDetailsOf(v),
    captions: {
      playerCaptionsTracklistRenderer: {
        captionTracks: [
          { baseUrl: `https://www.youtube.com/api/timedtext?v=${v.videoId}&lang=en`, name: { simpleText: 'English' }, languageCode: 'en' },
          {
            baseUrl: `https://www.youtube.com/api/timedtext?v=${v.videoId}&kind=asr&lang=en`,
            name: { simpleText: 'English (auto-generated)' },
            languageCode: 'en',
            kind: 'asr',
          },
        ],
      },
    },
    microformat: {
      playerMicroformatRenderer: {
        title: { simpleText: v.title },
        description: { simpleText: v.description },
        lengthSeconds: String(v.lengthSeconds),
        ownerProfileUrl: `http://www.youtube.com/@${v.author.replace(/\s+/g, '')}`,
        externalChannelId: v.channelId,
        category: v.category,
        publishDate: v.publishDate,
        uploadDate: v.publishDate,
        ownerChannelName: v.author,
        viewCount: String(v.viewCount),
        likeCount: String(v.likeCount),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Channel tabs (videoVideos) and search answers (videoSearch): written pages, not captures —
// the 2026 shapes the real captures in ../shared/fixtures/video show (a Videos tab's
// `richGridRenderer` of `lockupViewModel`s, youtubei/v1/search's `itemSectionRenderer`s of
// `videoRenderer` / `channelRenderer`); ids, titles and counts invented.
// ---------------------------------------------------------------------------------------------

export interface TestListVideo {
  videoId: string;
  title: string;
  /** "48,213 views" */
  views: string;
  /** "9 days ago" */
  published: string;
  /** "18:24" */
  length: string;
}

const thumbnail = (id: string) => [
  { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg?sqp=test`, width: 168, height: 94 },
  { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg?sqp=test2`, width: 336, height: 188 },
];

/** A 2026 Videos-tab grid item (`richItemRenderer` → `lockupViewModel`: title, views and date parts, a duration badge). */
export function lockupItem(v: TestListVideo): Obj {
  return {
    richItemRenderer: {
      content: {
        lockupViewModel: {
          contentId: v.videoId,
          contentType: 'LOCKUP_CONTENT_TYPE_VIDEO',
          contentImage: {
            thumbnailViewModel: {
              image: { sources: thumbnail(v.videoId) },
              overlays: [{ thumbnailBottomOverlayViewModel: { badges: [{ thumbnailBadgeViewModel: { text: v.length } }] } }],
            },
          },
          metadata: {
            lockupMetadataViewModel: {
              title: { content: v.title },
              metadata: {
                contentMetadataViewModel: {
                  metadataRows: [{ metadataParts: [{ text: { content: v.views } }, { text: { content: v.published } }] }],
                  delimiter: ' • ',
                },
              },
            },
          },
        },
      },
    },
  };
}

/** A list's continuation entry (the next page's token). */
export const continuationItem = (token: string): Obj => ({
  continuationItemRenderer: {
    trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
    continuationEndpoint: { continuationCommand: { token, request: 'CONTINUATION_REQUEST_TYPE_BROWSE' } },
  },
});

/**
 * `ytInitialData` of a channel's Videos tab (`/@<handle>/videos`): the channel's header and
 * metadata as on its Home tab, the Videos tab selected, its grid of `videos` and, when `token` is
 * given, a continuation entry.
 */
export function videosTabInitialData(c: TestChannel, videos: TestListVideo[], token: string | null = null): Obj {
  const tab = (title: string, path: string, selected: boolean, content?: Obj) => ({
    tabRenderer: {
      title,
      selected,
      endpoint: { commandMetadata: { webCommandMetadata: { url: `/@${c.handle}${path}` } }, browseEndpoint: { browseId: c.channelId } },
      ...(content ? { content } : {}),
    },
  });
  const grid = [...videos.map(lockupItem), ...(token ? [continuationItem(token)] : [])];
  return channelInitialData(c, {
    contents: {
      twoColumnBrowseResultsRenderer: {
        tabs: [
          tab('Home', '/featured', false),
          tab('Videos', '/videos', true, { richGridRenderer: { contents: grid } }),
          tab('Shorts', '/shorts', false),
        ],
      },
    },
  });
}

/** A later page of a channel tab: `youtubei/v1/browse`'s continuation answer. */
export function tabContinuationAnswer(videos: TestListVideo[], token: string | null = null): Obj {
  return {
    responseContext: { visitorData: TEST_VISITOR_DATA },
    onResponseReceivedActions: [
      { appendContinuationItemsAction: { continuationItems: [...videos.map(lockupItem), ...(token ? [continuationItem(token)] : [])] } },
    ],
  };
}

/** A search result video (`videoRenderer`, with its channel byline). */
export function searchVideoRenderer(v: TestListVideo, channel: { name: string; channelId: string }): Obj {
  return {
    videoRenderer: {
      videoId: v.videoId,
      thumbnail: { thumbnails: thumbnail(v.videoId) },
      title: { runs: [{ text: v.title }] },
      longBylineText: {
        runs: [{ text: channel.name, navigationEndpoint: { browseEndpoint: { browseId: channel.channelId } } }],
      },
      ownerText: { runs: [{ text: channel.name, navigationEndpoint: { browseEndpoint: { browseId: channel.channelId } } }] },
      publishedTimeText: { simpleText: v.published },
      lengthText: { simpleText: v.length },
      viewCountText: { simpleText: v.views },
    },
  };
}

/** A search result channel (`channelRenderer`, 2025 layout: the handle in its canonical URL). */
export function searchChannelRenderer(c: {
  channelId: string;
  handle: string;
  title: string;
  subscribers: string;
  description: string;
}): Obj {
  return {
    channelRenderer: {
      channelId: c.channelId,
      title: { simpleText: c.title },
      navigationEndpoint: { browseEndpoint: { browseId: c.channelId, canonicalBaseUrl: `/@${c.handle}` } },
      thumbnail: {
        thumbnails: [{ url: `//yt3.googleusercontent.com/ytc/TestAvatar_${c.channelId}=s88-c-k-c0x00ffffff-no-rj`, width: 88, height: 88 }],
      },
      descriptionSnippet: { runs: [{ text: c.description }] },
      subscriberCountText: { simpleText: c.subscribers },
      videoCountText: { runs: [{ text: '212' }, { text: ' videos' }] },
    },
  };
}

/** `youtubei/v1/search`'s first answer: one item section of `results`, then the continuation entry when `token` is given. */
export function searchAnswer(results: Obj[], token: string | null = null): Obj {
  return {
    responseContext: { visitorData: TEST_VISITOR_DATA },
    estimatedResults: String(results.length),
    contents: {
      twoColumnSearchResultsRenderer: {
        primaryContents: {
          sectionListRenderer: {
            contents: [{ itemSectionRenderer: { contents: results } }, ...(token ? [continuationItem(token)] : [])],
          },
        },
      },
    },
  };
}

/** `youtubei/v1/search`'s answer to a continuation: an item section of `results`, then the continuation entry when `token` is given. */
export function searchContinuationAnswer(results: Obj[], token: string | null = null): Obj {
  return {
    responseContext: { visitorData: TEST_VISITOR_DATA },
    onResponseReceivedCommands: [
      {
        appendContinuationItemsAction: {
          continuationItems: [{ itemSectionRenderer: { contents: results } }, ...(token ? [continuationItem(token)] : [])],
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Transcripts (videoTranscript). The player answer is written in the shape of the real ANDROID
// capture (../shared/fixtures/video/innertube-player-android-GJLlxj_dtq8-2025-06.json):
// videoDetails without a microformat, `captionTracks[]` of {baseUrl …&fmt=srv3, name.runs,
// vssId, languageCode, kind, isTranslatable, trackName}. No real timed-text body exists in any
// public repository (SOURCES.md: the one XML of youtube-transcript-api is hand-written and was
// rejected), so the srv3 documents below are ours too, written in the shape of YouTube's
// format-3 timed text: `<timedtext format="3">`, an automatic track's `<head>` of window styles
// and positions, `<body>` of `<p t="ms" d="ms">` lines — a written track's with the text itself
// (XML entities, line breaks, an empty `<p>`), an automatic track's with one `<s>` per word and
// the blank `<p a="1">` lines YouTube appends between them. Words, ids and signatures invented.
// ---------------------------------------------------------------------------------------------

export interface TestCaptionTrack {
  languageCode: string;
  /** As YouTube names it: "English", "English (auto-generated)". */
  name: string;
  /** An automatic track (kind "asr"). */
  asr?: boolean;
  /** Its baseUrl carries `exp=xpe`: YouTube wants a PO token for it. */
  poToken?: boolean;
}

/** A caption track's baseUrl as the ANDROID player gives it (signed, `&fmt=srv3` last). */
export function timedTextBaseUrl(videoId: string, t: TestCaptionTrack): string {
  return (
    `https://www.youtube.com/api/timedtext?v=${videoId}&ei=Tr4nScR1pTs4mPl3xYz0&caps=asr&opi=112496729&xoaf=5&hl=en` +
    '&ip=0.0.0.0&ipbits=0&expire=1767225600&sparams=ip,ipbits,expire,v,ei,caps,opi,xoaf' +
    `&signature=0A1B2C3D4E5F60718293A4B5C6D7E8F901234567.89ABCDEF0123456789ABCDEF0123456789ABCDEF&key=yt8` +
    `${t.poToken ? '&exp=xpe' : ''}${t.asr ? '&kind=asr' : ''}&lang=${t.languageCode}&fmt=srv3`
  );
}

/** An ANDROID `youtubei/v1/player` answer: playable, videoDetails (no microformat), the given caption tracks (none: no `captions`). */
export function androidPlayerResponse(
  v: Pick<TestVideo, 'videoId' | 'title' | 'description' | 'lengthSeconds' | 'viewCount' | 'channelId' | 'author' | 'keywords'>,
  tracks: TestCaptionTrack[],
): Obj {
  return {
    responseContext: { visitorData: TEST_VISITOR_DATA },
    playabilityStatus: { status: 'OK', playableInEmbed: true, contextParams: 'Q0FFU0FnZ0M=' },
    ...(tracks.length
      ? {
          captions: {
            playerCaptionsTracklistRenderer: {
              captionTracks: tracks.map((t) => ({
                baseUrl: timedTextBaseUrl(v.videoId, t),
                name: { runs: [{ text: t.name }] },
                vssId: `${t.asr ? 'a' : ''}.${t.languageCode}`,
                languageCode: t.languageCode,
                ...(t.asr ? { kind: 'asr' } : {}),
                isTranslatable: true,
                trackName: '',
              })),
              audioTracks: [{ captionTrackIndices: tracks.map((_, i) => i), defaultCaptionTrackIndex: 0, hasDefaultTrack: true }],
              translationLanguages: [
                { languageCode: 'ar', languageName: { runs: [{ text: 'Arabic' }] } },
                { languageCode: 'zh-Hant', languageName: { runs: [{ text: 'Chinese (Traditional)' }] } },
              ],
              defaultAudioTrackIndex: 0,
            },
          },
        }
      : {}),
    videoDetails: videoDetailsOf(v),
  };
}

/**
 * A written English track (srv3) of a woodturning video: entities (`&amp;`, `&#39;`, `&quot;`,
 * `&lt;`/`&gt;`, a numeric em dash), a line broken in two, an empty `<p>` and a sound cue.
 */
export const SRV3_WRITTEN = `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
<body>
<p t="0" d="400"></p>
<p t="400" d="3120">Morning! Today we&#39;re turning
a walnut bowl from a green blank.</p>
<p t="3520" d="2880">Gouge &amp; scraper, nothing fancy &#8212; and &quot;lots&quot; of sanding.</p>
<p t="6400" d="3360">First cut: bevel rubbing, handle low,
tool rest &lt;1 cm&gt; from the wood.</p>
<p t="9760" d="1840">[lathe whirring]</p>
</body>
</timedtext>
`;

/** The automatic English track (srv3) of the same video: `<s>` words, the blank `<p a="1">` lines between lines. */
export const SRV3_ASR = `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
<head>
<ws id="0"/>
<ws id="1" mh="2" ju="0" sd="3"/>
<wp id="0"/>
<wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>
</head>
<body>
<w t="0" id="1" wp="1" ws="1"/>
<p t="400" d="5040" w="1"><s ac="0">morning</s><s t="480" ac="0"> today</s><s t="800" ac="0"> we&#39;re</s><s t="1120" ac="0"> turning</s><s t="1520" ac="0"> a</s><s t="1680" ac="0"> walnut</s><s t="2080" ac="0"> bowl</s></p>
<p t="2990" d="2450" w="1" a="1">
</p>
<p t="3000" d="5360" w="1"><s ac="0">from</s><s t="240" ac="0"> a</s><s t="400" ac="0"> green</s><s t="720" ac="0"> blank</s><s t="1360" ac="0"> gouge</s><s t="1680" ac="0"> and</s><s t="1840" ac="0"> scraper</s></p>
<p t="5430" d="2930" w="1" a="1">
</p>
<p t="5440" d="2920" w="1"><s ac="0">[Music]</s></p>
</body>
</timedtext>
`;

/** The demo's written English track (srv3) of Ravi Menon's fish curry video (src/platforms/video/demo.ts). */
export const SRV3_DEMO = `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
<body>
<p t="0" d="3200">Hi, I&#39;m Ravi &#8212; tonight: Kerala fish curry
in thirty minutes.</p>
<p t="3200" d="2960">Tamarind &amp; coconut milk, curry leaves, and a firm white fish.</p>
<p t="6160" d="2480">First, the curry leaves go into hot coconut oil.</p>
<p t="8640" d="1600">[sizzling]</p>
</body>
</timedtext>
`;

// ---------------------------------------------------------------------------------------------
// Comments (videoComments): written answers, not captures. The watch page's comments entry
// points follow the real capture (../shared/fixtures/video/watch-page-B68agR-OeJM-2025-06.html:
// the `comment-item-section` item section and the `engagement-panel-comments-section` panel with
// its "Top comments" / "Newest first" sort menu). No capture of a `youtubei/v1/next` comments
// answer exists: both eras below are written in the shape open-source YouTube clients read
// (2024+: `commentThreadRenderer.commentViewModel.commentViewModel` keys into
// `frameworkUpdates.entityBatchUpdate.mutations[].payload.commentEntityPayload` and
// `engagementToolbarStateEntityPayload`; older: an inline `commentRenderer`). Ids, names, texts
// and counts are invented.
// ---------------------------------------------------------------------------------------------

/**
 * A comments continuation token naming `videoId` as YouTube's do: base64 of a protobuf
 * `\x12 <len> \x12 \x0b <id>` then `tail`, `=` URL-encoded (%3D), as the watch page writes them.
 */
export function commentsToken(videoId: string, tail: string): string {
  const inner = Buffer.concat([Buffer.from([0x12, 0x0b]), Buffer.from(videoId, 'latin1')]);
  const bytes = Buffer.concat([Buffer.from([0x12, inner.length]), inner, Buffer.from([0x18, 0x06]), Buffer.from(`2${tail}`, 'latin1')]);
  return bytes.toString('base64').replace(/=/g, '%3D');
}

const nextCommand = (token: string) => ({
  commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/next' } },
  continuationCommand: { token, request: 'CONTINUATION_REQUEST_TYPE_WATCH_NEXT' },
});

const commentsContinuation = (token: string): Obj => ({
  continuationItemRenderer: { trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN', continuationEndpoint: nextCommand(token) },
});

/** A sort menu ("Top comments", "Newest first") with a token each. */
export const commentsSortMenu = (top: string, newest: string): Obj => ({
  sortFilterSubMenuRenderer: {
    subMenuItems: [
      { title: 'Top comments', selected: true, serviceEndpoint: nextCommand(top) },
      { title: 'Newest first', selected: false, serviceEndpoint: nextCommand(newest) },
    ],
    icon: { iconType: 'SORT' },
    accessibility: { accessibilityData: { label: 'Sort comments' } },
  },
});

export type TestCommentsEntry = { top: string; newest: string | null; section: string } | { section: string } | 'off' | 'none';

/**
 * `ytInitialData` of a watch page: the current video, the results column with its comments item
 * section, and the comments engagement panel with the sort menu (when `newest` is given). `off`:
 * the section says "Comments are turned off."; `none`: no comments section (a live chat instead).
 */
export function watchInitialData(videoId: string, comments: TestCommentsEntry): Obj {
  const section = (targetId: string, contents: Obj[]) => ({
    itemSectionRenderer: { contents, sectionIdentifier: 'comment-item-section', targetId },
  });
  const results: Obj[] = [{ videoPrimaryInfoRenderer: { title: { runs: [{ text: 'A video' }] } } }];
  const panels: Obj[] = [];
  if (comments === 'off') {
    results.push(
      section('comments-section', [
        { messageRenderer: { text: { runs: [{ text: 'Comments are turned off. ' }, { text: 'Learn more' }] } } },
      ]),
    );
  } else if (comments !== 'none') {
    results.push(section('comments-section', [commentsContinuation(comments.section)]));
    if ('top' in comments) {
      panels.push({
        engagementPanelSectionListRenderer: {
          panelIdentifier: 'engagement-panel-comments-section',
          header: {
            engagementPanelTitleHeaderRenderer: {
              title: { runs: [{ text: 'Comments' }] },
              menu: commentsSortMenu(comments.top, comments.newest ?? comments.top),
            },
          },
          content: {
            sectionListRenderer: {
              contents: [section('engagement-panel-comments-section', [commentsContinuation(comments.top)])],
            },
          },
          targetId: 'engagement-panel-comments-section',
        },
      });
      if (comments.newest === null) {
        const menu = (panels[0] as { engagementPanelSectionListRenderer: { header: Obj } }).engagementPanelSectionListRenderer;
        delete (menu.header.engagementPanelTitleHeaderRenderer as Obj).menu;
      }
    }
  }
  return {
    contents: { twoColumnWatchNextResults: { results: { results: { contents: results } } } },
    currentVideoEndpoint: {
      commandMetadata: { webCommandMetadata: { url: `/watch?v=${videoId}`, webPageType: 'WEB_PAGE_TYPE_WATCH' } },
      watchEndpoint: { videoId },
    },
    engagementPanels: panels,
  };
}

export interface TestComment {
  commentId: string;
  text: string;
  /** As shown: "@handle". */
  author: string;
  channelId: string;
  verified?: boolean;
  creator?: boolean;
  /** As shown ("87", "1.2K"); '' for none. */
  likes: string;
  /** As shown; '' for none. */
  replies: string;
  published: string;
  pinned?: boolean;
  hearted?: boolean;
}

/**
 * A 2024+ `youtubei/v1/next` comments answer: a reload command (first page: with the
 * `commentsHeaderRenderer` and its sort menu, when `header` is given) or an append action, the
 * threads' view models and their entities, and the next page's continuation when `token` is given.
 */
export function commentsAnswer(
  comments: TestComment[],
  opts: { token?: string | null; header?: { top: string; newest: string } | null; count?: string } = {},
): Obj {
  const threads: Obj[] = comments.map((c) => ({
    commentThreadRenderer: {
      commentViewModel: {
        commentViewModel: {
          commentKey: `comment-key-${c.commentId}`,
          commentSurfaceKey: `surface-key-${c.commentId}`,
          toolbarStateKey: `toolbar-state-key-${c.commentId}`,
          toolbarSurfaceKey: `toolbar-surface-key-${c.commentId}`,
          commentId: c.commentId,
          ...(c.pinned ? { pinnedText: `Pinned by ${comments.find((x) => x.creator)?.author ?? '@creator'}` } : {}),
        },
      },
      renderingPriority: c.pinned ? 'RENDERING_PRIORITY_PINNED_COMMENT' : 'RENDERING_PRIORITY_UNKNOWN',
      ...(c.replies
        ? {
            replies: {
              commentRepliesRenderer: {
                contents: [commentsContinuation(`REPLIES-${c.commentId}`)],
                targetId: `comment-replies-item-${c.commentId}`,
              },
            },
          }
        : {}),
    },
  }));
  const mutations: Obj[] = comments.flatMap((c) => [
    {
      entityKey: `comment-key-${c.commentId}`,
      type: 'ENTITY_MUTATION_TYPE_REPLACE',
      payload: {
        commentEntityPayload: {
          key: `comment-key-${c.commentId}`,
          properties: {
            commentId: c.commentId,
            content: { content: c.text },
            publishedTime: c.published,
            replyLevel: 0,
            toolbarStateKey: `toolbar-state-key-${c.commentId}`,
          },
          author: {
            channelId: c.channelId,
            displayName: c.author,
            avatarThumbnailUrl: `https://yt3.ggpht.com/ytc/${c.channelId}=s88-c-k-c0x00ffffff-no-rj`,
            isVerified: c.verified === true,
            isCurrentUser: false,
            isCreator: c.creator === true,
            isArtist: false,
          },
          toolbar: {
            likeCountLiked: c.likes,
            likeCountNotliked: c.likes,
            likeCountA11y: c.likes ? `${c.likes} likes` : '',
            replyCount: c.replies,
            replyCountA11y: c.replies ? `${c.replies} replies` : '',
            ...(c.hearted ? { heartActiveTooltip: `❤ by ${comments.find((x) => x.creator)?.author ?? '@creator'}` } : {}),
          },
        },
      },
    },
    {
      entityKey: `toolbar-state-key-${c.commentId}`,
      type: 'ENTITY_MUTATION_TYPE_REPLACE',
      payload: {
        engagementToolbarStateEntityPayload: {
          key: `toolbar-state-key-${c.commentId}`,
          heartState: c.hearted ? 'TOOLBAR_HEART_STATE_HEARTED' : 'TOOLBAR_HEART_STATE_UNHEARTED',
          likeState: 'TOOLBAR_LIKE_STATE_INDIFFERENT',
        },
      },
    },
  ]);
  const items = [...threads, ...(opts.token ? [commentsContinuation(opts.token)] : [])];
  const endpoints: Obj[] = opts.header
    ? [
        {
          reloadContinuationItemsCommand: {
            targetId: 'comments-section',
            continuationItems: [
              {
                commentsHeaderRenderer: {
                  countText: { runs: [{ text: opts.count ?? String(comments.length) }, { text: ' Comments' }] },
                  sortMenu: commentsSortMenu(opts.header.top, opts.header.newest),
                },
              },
            ],
            slot: 'RELOAD_CONTINUATION_SLOT_HEADER',
          },
        },
        {
          reloadContinuationItemsCommand: { targetId: 'comments-section', continuationItems: items, slot: 'RELOAD_CONTINUATION_SLOT_BODY' },
        },
      ]
    : [{ appendContinuationItemsAction: { continuationItems: items, targetId: 'comments-section' } }];
  return {
    responseContext: { visitorData: TEST_VISITOR_DATA },
    onResponseReceivedEndpoints: endpoints,
    frameworkUpdates: { entityBatchUpdate: { mutations, timestamp: { seconds: '1764400000', nanos: 0 } } },
  };
}

/** An older (pre-2024) comments answer: each thread's inline `commentRenderer`, linking its date to the video. */
export function legacyCommentsAnswer(videoId: string, comments: TestComment[], token: string | null = null): Obj {
  const threads: Obj[] = comments.map((c) => ({
    commentThreadRenderer: {
      comment: {
        commentRenderer: {
          authorText: { simpleText: c.author },
          authorThumbnail: {
            thumbnails: [{ url: `https://yt3.ggpht.com/ytc/${c.channelId}=s48-c-k-c0x00ffffff-no-rj`, width: 48, height: 48 }],
          },
          authorEndpoint: { browseEndpoint: { browseId: c.channelId, canonicalBaseUrl: `/${c.author}` } },
          contentText: { runs: [{ text: c.text }] },
          publishedTimeText: {
            runs: [
              {
                text: c.published,
                navigationEndpoint: {
                  commandMetadata: { webCommandMetadata: { url: `/watch?v=${videoId}&lc=${c.commentId}` } },
                  watchEndpoint: { videoId, params: 'CAE%3D' },
                },
              },
            ],
          },
          isLiked: false,
          commentId: c.commentId,
          ...(c.likes ? { voteCount: { accessibility: { accessibilityData: { label: `${c.likes} likes` } }, simpleText: c.likes } } : {}),
          ...(c.replies ? { replyCount: Number(c.replies.replace(/,/g, '')) } : {}),
          authorIsChannelOwner: c.creator === true,
          ...(c.verified ? { authorCommentBadge: { authorCommentBadgeRenderer: { icon: { iconType: 'CHECK_CIRCLE_THICK' } } } } : {}),
          ...(c.pinned ? { pinnedCommentBadge: { pinnedCommentBadgeRenderer: { label: { runs: [{ text: 'Pinned by ' }] } } } } : {}),
          actionButtons: {
            commentActionButtonsRenderer: c.hearted
              ? { creatorHeart: { creatorHeartRenderer: { isHearted: true, heartedTooltip: '❤ by creator' } } }
              : {},
          },
        },
      },
    },
  }));
  const items = [...threads, ...(token ? [commentsContinuation(token)] : [])];
  return { responseContext: {}, onResponseReceivedEndpoints: [{ appendContinuationItemsAction: { continuationItems: items } }] };
}

// ---------------------------------------------------------------------------------------------
// Playlists (`youtubei/v1/browse` with `browseId: "VL<id>"`, and its continuations). Written by us
// in the shapes of NewPipe's recorded 2026 playlist answers (header, sidebar, microformat,
// `playlistVideoRenderer` items; not copied): no playlist capture exists in ../shared/fixtures.
// ---------------------------------------------------------------------------------------------

export interface TestPlaylist {
  playlistId: string;
  title: string;
  description: string | null;
  owner: { name: string; channelId: string; handle: string } | null;
  /** As shown: "3 videos". */
  videos: string;
  views: string;
  /** As the sidebar shows it: "Last updated on 4 Mar 2026". */
  updated: string;
  unlisted?: boolean;
}

export interface TestPlaylistVideo {
  videoId: string;
  title: string;
  /** 1-based. */
  index: number;
  /** "3:33"; null for an unavailable video (no length, no byline, not playable). */
  length: string | null;
  channel: { name: string; channelId: string } | null;
}

const seconds = (length: string) => length.split(':').reduce((s, n) => s * 60 + Number(n), 0);

/** A playlist item (`playlistVideoRenderer`), linking to its place in `playlistId`. */
export function playlistVideoRenderer(v: TestPlaylistVideo, playlistId: string): Obj {
  const byline = v.channel
    ? { shortBylineText: { runs: [{ text: v.channel.name, navigationEndpoint: { browseEndpoint: { browseId: v.channel.channelId } } }] } }
    : {};
  return {
    playlistVideoRenderer: {
      videoId: v.videoId,
      thumbnail: { thumbnails: thumbnail(v.videoId) },
      title: { runs: [{ text: v.title }] },
      index: { simpleText: String(v.index) },
      ...byline,
      ...(v.length ? { lengthText: { simpleText: v.length }, lengthSeconds: String(seconds(v.length)) } : {}),
      navigationEndpoint: { watchEndpoint: { videoId: v.videoId, playlistId, index: v.index - 1, params: 'OAI%3D' } },
      isPlayable: v.length !== null,
    },
  };
}

/** The 2024+ header (`pageHeaderViewModel`): title, "by <owner>" part, counts row, description, hero image. */
function playlistPageHeader(p: TestPlaylist, firstVideo: string): Obj {
  const ownerPart = p.owner
    ? [
        {
          metadataParts: [
            {
              avatarStack: {
                avatarStackViewModel: {
                  text: {
                    content: `by ${p.owner.name}`,
                    commandRuns: [
                      {
                        startIndex: 0,
                        length: p.owner.name.length + 3,
                        onTap: {
                          innertubeCommand: { browseEndpoint: { browseId: p.owner.channelId, canonicalBaseUrl: `/@${p.owner.handle}` } },
                        },
                      },
                    ],
                  },
                },
              },
            },
          ],
        },
      ]
    : [];
  return {
    pageHeaderRenderer: {
      pageTitle: p.title,
      content: {
        pageHeaderViewModel: {
          title: { dynamicTextViewModel: { text: { content: p.title } } },
          metadata: {
            contentMetadataViewModel: {
              metadataRows: [
                ...ownerPart,
                { metadataParts: [{ text: { content: 'Playlist' } }, { text: { content: p.videos } }, { text: { content: p.views } }] },
              ],
              delimiter: '•',
            },
          },
          ...(p.description ? { description: { descriptionPreviewViewModel: { description: { content: p.description } } } } : {}),
          heroImage: { contentPreviewImageViewModel: { image: { sources: thumbnail(firstVideo) } } },
        },
      },
    },
  };
}

/** The sidebar: primary info (title linking to the playlist, stats, description) and the owner box. */
function playlistSidebar(p: TestPlaylist, firstVideo: string): Obj {
  const [count, ...unit] = p.videos.split(' ');
  const owner = p.owner
    ? [
        {
          playlistSidebarSecondaryInfoRenderer: {
            videoOwner: {
              videoOwnerRenderer: {
                title: { runs: [{ text: p.owner.name }] },
                navigationEndpoint: { browseEndpoint: { browseId: p.owner.channelId, canonicalBaseUrl: `/@${p.owner.handle}` } },
              },
            },
          },
        },
      ]
    : [];
  return {
    playlistSidebarRenderer: {
      items: [
        {
          playlistSidebarPrimaryInfoRenderer: {
            title: { runs: [{ text: p.title, navigationEndpoint: { watchEndpoint: { videoId: firstVideo, playlistId: p.playlistId } } }] },
            stats: [{ runs: [{ text: count }, { text: ` ${unit.join(' ')}` }] }, { simpleText: p.views }, { runs: [{ text: p.updated }] }],
            ...(p.description ? { description: { runs: [{ text: p.description }] } } : {}),
          },
        },
        ...owner,
      ],
    },
  };
}

const playlistMicroformat = (p: TestPlaylist) => ({
  microformatDataRenderer: {
    urlCanonical: `http://www.youtube.com/playlist?list=${p.playlistId}`,
    title: p.title,
    noindex: false,
    unlisted: p.unlisted === true,
  },
});

/**
 * The first browse answer of a playlist: header (`era` 2024+ `pageHeaderViewModel`, or the older
 * `playlistHeaderRenderer`), sidebar, microformat, the first page of `videos` and, when `token` is
 * given, a continuation entry.
 */
export function playlistBrowseAnswer(
  p: TestPlaylist,
  videos: TestPlaylistVideo[],
  token: string | null = null,
  era: 'viewModel' | 'renderer' = 'viewModel',
): Obj {
  const first = videos[0]?.videoId ?? 'AAAAAAAAAAA';
  const header =
    era === 'viewModel'
      ? playlistPageHeader(p, first)
      : {
          playlistHeaderRenderer: {
            playlistId: p.playlistId,
            title: { simpleText: p.title },
            numVideosText: { runs: [{ text: p.videos.split(' ')[0] }, { text: ` ${p.videos.split(' ').slice(1).join(' ')}` }] },
            ...(p.description ? { descriptionText: { simpleText: p.description } } : { descriptionText: {} }),
            ...(p.owner
              ? {
                  ownerText: { runs: [{ text: p.owner.name }] },
                  ownerEndpoint: { browseEndpoint: { browseId: p.owner.channelId, canonicalBaseUrl: `/@${p.owner.handle}` } },
                }
              : {}),
            viewCountText: { simpleText: p.views },
            privacy: p.unlisted ? 'UNLISTED' : 'PUBLIC',
            playlistHeaderBanner: { heroPlaylistThumbnailRenderer: { thumbnail: { thumbnails: thumbnail(first) } } },
          },
        };
  return {
    responseContext: { visitorData: TEST_VISITOR_DATA },
    contents: {
      twoColumnBrowseResultsRenderer: {
        tabs: [
          {
            tabRenderer: {
              selected: true,
              content: {
                sectionListRenderer: {
                  contents: [
                    {
                      itemSectionRenderer: {
                        contents: [
                          {
                            playlistVideoListRenderer: {
                              contents: [
                                ...videos.map((v) => playlistVideoRenderer(v, p.playlistId)),
                                ...(token ? [continuationItem(token)] : []),
                              ],
                              playlistId: p.playlistId,
                              isEditable: false,
                            },
                          },
                        ],
                      },
                    },
                  ],
                },
              },
            },
          },
        ],
      },
    },
    header,
    metadata: { playlistMetadataRenderer: { title: p.title } },
    microformat: playlistMicroformat(p),
    sidebar: playlistSidebar(p, first),
  };
}

/** A later page of a playlist: the browse continuation answer. */
export function playlistContinuationAnswer(playlistId: string, videos: TestPlaylistVideo[], token: string | null = null): Obj {
  return {
    responseContext: { visitorData: TEST_VISITOR_DATA },
    onResponseReceivedActions: [
      {
        appendContinuationItemsAction: {
          continuationItems: [...videos.map((v) => playlistVideoRenderer(v, playlistId)), ...(token ? [continuationItem(token)] : [])],
          targetId: `pl-video-list${playlistId}`,
        },
      },
    ],
  };
}

/** YouTube's refusal instead of a playlist: "The playlist does not exist.", "This playlist is private.". */
export const playlistAlertAnswer = (text: string): Obj => ({
  responseContext: { visitorData: TEST_VISITOR_DATA },
  alerts: [{ alertRenderer: { type: 'ERROR', text: { runs: [{ text }] } } }],
  microformat: { microformatDataRenderer: { noindex: true } },
});

export const TEST_PLAYLIST: TestPlaylist = {
  playlistId: 'PLn1ghT0wLw0rksh0pB4s1cs7q9Xe2Rt5Y',
  title: 'Workshop basics',
  description: 'Sharpening, glue-ups and finishes: start here.',
  owner: { name: 'Night Owl Workshop', channelId: 'UCn1ghtOw1W0rkSh0pTest01', handle: 'nightowlworkshop' },
  videos: '3 videos',
  views: '12,408 views',
  updated: 'Last updated on 4 Mar 2026',
};

export const TEST_PLAYLIST_VIDEOS: TestPlaylistVideo[] = [
  {
    videoId: 'Nw1AbCdEf_0',
    title: 'Sharpening a card scraper',
    index: 1,
    length: '12:04',
    channel: { name: 'Night Owl Workshop', channelId: 'UCn1ghtOw1W0rkSh0pTest01' },
  },
  { videoId: 'Nw1AbCdEf_1', title: '[Private video]', index: 2, length: null, channel: null },
  {
    videoId: 'Nw1AbCdEf_2',
    title: 'Hide glue, warm',
    index: 3,
    length: '1:02:03',
    channel: { name: 'Bench Notes', channelId: 'UCb3nchN0tesTest00000001' },
  },
];

// ---------------------------------------------------------------------------------------------
// Community posts (the Posts tab). Written in the shape open-source YouTube clients read:
// backstagePostThreadRenderer.post.backstagePostRenderer {postId, authorText, authorEndpoint,
// contentText.runs, publishedTimeText, voteCount, actionButtons.commentActionButtonsRenderer
// .replyButton, backstageAttachment}. No capture of a Posts tab exists in ../shared/fixtures.
// ---------------------------------------------------------------------------------------------

export interface TestPost {
  postId: string;
  /** Author's channel id (the channel's own, unless a test says otherwise); null: the post names none. */
  channelId: string | null;
  authorName: string;
  text: string | null;
  published: string;
  /** voteCount's text; null: no voteCount. */
  likes: string | null;
  /** The reply button's text; null: the button shows none. */
  comments: string | null;
  attachment?:
    { image: string } | { images: string[] } | { video: TestListVideo } | { poll: { choices: string[]; votes: string } } | { other: Obj };
}

const postImage = (url: string) => ({
  backstageImageRenderer: {
    image: {
      thumbnails: [
        { url: `${url}=s288`, width: 288, height: 288 },
        { url: `${url}=s1080`, width: 1080, height: 1080 },
      ],
    },
  },
});

function postAttachment(a: TestPost['attachment']): Obj | undefined {
  if (!a) return undefined;
  if ('image' in a) return postImage(a.image);
  if ('images' in a) return { postMultiImageRenderer: { images: a.images.map(postImage) } };
  if ('video' in a) {
    const v = a.video;
    return {
      videoRenderer: {
        videoId: v.videoId,
        title: { runs: [{ text: v.title }] },
        thumbnail: { thumbnails: thumbnail(v.videoId) },
        viewCountText: { simpleText: v.views },
        publishedTimeText: { simpleText: v.published },
        lengthText: { simpleText: v.length },
      },
    };
  }
  if ('poll' in a)
    return {
      pollRenderer: {
        choices: a.poll.choices.map((c) => ({ text: { runs: [{ text: c }] }, selected: false })),
        totalVotes: { simpleText: a.poll.votes },
      },
    };
  return a.other;
}

/** One `backstagePostThreadRenderer` (the Posts tab's and its continuations' item). */
export function postThread(p: TestPost): Obj {
  const browse = p.channelId ? { browseEndpoint: { browseId: p.channelId } } : undefined;
  const post: Obj = {
    postId: p.postId,
    authorText: { runs: [{ text: p.authorName, ...(browse ? { navigationEndpoint: browse } : {}) }] },
    ...(browse ? { authorEndpoint: browse } : {}),
    ...(p.text !== null ? { contentText: { runs: [{ text: p.text }] } } : {}),
    publishedTimeText: {
      runs: [{ text: p.published, navigationEndpoint: { browseEndpoint: { browseId: 'FEpost_detail', params: p.postId } } }],
    },
    ...(p.likes !== null
      ? { voteCount: { accessibility: { accessibilityData: { label: `${p.likes} likes` } }, simpleText: p.likes } }
      : {}),
    actionButtons: {
      commentActionButtonsRenderer: {
        likeButton: { toggleButtonRenderer: { isToggled: false } },
        replyButton: {
          buttonRenderer: { icon: { iconType: 'COMMENT' }, ...(p.comments !== null ? { text: { simpleText: p.comments } } : {}) },
        },
      },
    },
    surface: 'BACKSTAGE_SURFACE_TYPE_STREAM',
  };
  const attachment = postAttachment(p.attachment);
  if (attachment) post.backstageAttachment = attachment;
  return { backstagePostThreadRenderer: { post: { backstagePostRenderer: post } } };
}

/**
 * `ytInitialData` of a channel's Posts tab (`/@<handle>/posts`): the channel's header and metadata
 * as on its Home tab, the Posts tab selected (`posts` null: a channel without one, Home selected),
 * its item section of posts and, when `token` is given, a continuation entry.
 */
export function postsTabInitialData(c: TestChannel, posts: TestPost[] | null, token: string | null = null): Obj {
  const tab = (title: string, path: string, selected: boolean, content?: Obj) => ({
    tabRenderer: {
      title,
      selected,
      endpoint: { commandMetadata: { webCommandMetadata: { url: `/@${c.handle}${path}` } }, browseEndpoint: { browseId: c.channelId } },
      ...(content ? { content } : {}),
    },
  });
  const items = posts?.length
    ? [...posts.map(postThread), ...(token ? [continuationItem(token)] : [])]
    : [{ messageRenderer: { text: { runs: [{ text: "This channel hasn't posted yet" }] } } }];
  const section = { sectionListRenderer: { contents: [{ itemSectionRenderer: { contents: items } }] } };
  return channelInitialData(c, {
    contents: {
      twoColumnBrowseResultsRenderer: {
        tabs: posts
          ? [tab('Home', '/featured', false), tab('Videos', '/videos', false), tab('Posts', '/posts', true, section)]
          : [tab('Home', '/featured', true, { sectionListRenderer: { contents: [] } }), tab('Videos', '/videos', false)],
      },
    },
  });
}

/** A later page of the Posts tab: `youtubei/v1/browse`'s continuation answer. */
export function postsContinuationAnswer(posts: TestPost[], token: string | null = null): Obj {
  return {
    responseContext: { visitorData: TEST_VISITOR_DATA },
    onResponseReceivedEndpoints: [
      { appendContinuationItemsAction: { continuationItems: [...posts.map(postThread), ...(token ? [continuationItem(token)] : [])] } },
    ],
  };
}
