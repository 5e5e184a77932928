/* eslint-disable */
// Generated from /openapi.json by `npm run openapi:types`. Do not edit.

export interface paths {
    "/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Platform health from real traffic and canaries, per platform
         * @description Needs no key and costs nothing; per instance. Also available as the GraphQL field `platformStatus` (which needs a key).
         */
        get: operations["status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling key's balance, rate limit, name and hint
         * @description Costs 0 credits; needs a key, and the key's rate limit applies. Also available as the GraphQL field `me`.
         */
        get: operations["account"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling key's settled movements: grants and charges, oldest first
         * @description Costs 0 credits; needs a key, and the key's rate limit applies. Grants (+) and charges (−), each with the settled balance after it; open reservations are not movements. One row per request or monitor run; a job is one row, updated as its items settle (`final` once it ends). The sum of `credits` over an interval is the settled balance's change over it. Rows are kept TRANSACTIONS_RETENTION_DAYS (default 400) after they last changed. Also available as the GraphQL field `transactions`.
         */
        get: operations["accountTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's jobs, newest first (0 credits)
         * @description Every job the key created and still kept (JOBS_RETENTION_DAYS), page by page. Also the GraphQL query `lookupJobs`.
         */
        get: operations["listJobs"];
        put?: never;
        /**
         * Start a bulk job: one operation over many items
         * @description Creating costs nothing; each item costs what its single request would (cache hits and errors 0). Needs a balance covering the first item. Also the GraphQL mutation `createLookupJob`.
         */
        post: operations["createJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a job would cost (0 credits) */
        post: operations["estimateJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job and its progress */
        get: operations["getJob"];
        put?: never;
        post?: never;
        /** Cancel a job: unfinished items are not run; what is reserved and not spent is refunded */
        delete: operations["cancelJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finished items in input order */
        get: operations["jobResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progress as server-sent events (progress …, then end) */
        get: operations["jobEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a stopped job (stopped_at_cap, stopped_no_credits) */
        post: operations["resumeJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key's monitors, newest first (0 credits) */
        get: operations["listMonitors"];
        put?: never;
        /** Watch a lookup on a schedule: keep its history, say what changed (0 credits; each run costs what its request costs) */
        post: operations["createMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A monitor (0 credits) */
        get: operations["getMonitor"];
        put?: never;
        post?: never;
        /** Delete a monitor with its history */
        delete: operations["deleteMonitor"];
        options?: never;
        head?: never;
        /** Change every, watch, webhook (null: none), max_credits_per_day; pause (paused: true) or resume (paused: false, also after a stop) */
        patch: operations["updateMonitor"];
        trace?: never;
    };
    "/v1/monitors/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run now: charged what the single request costs (a cached answer younger than a tenth of the interval: 0) */
        post: operations["runMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitors/{id}/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The watched numbers, run by run (a series per field), oldest first */
        get: operations["monitorSnapshots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitors/{id}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What changed in the watched fields, oldest first (a list compares as a set: one change per item added or removed) */
        get: operations["monitorChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/code/trending/developers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Developers trending on the code platform today, this week or this month
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `codeTrendingDevelopers`.
         */
        get: operations["codeTrendingDevelopers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/code/repository": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public repository on the code platform
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `codeRepository`.
         */
        get: operations["codeRepository"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/code/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public code-platform account (user or organization) and its social accounts
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `codeUser`.
         */
        get: operations["codeUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/code/user/repos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a code-platform account's own public repositories (user or organization); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `codeUserRepos`.
         */
        get: operations["codeUserRepos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/code/user/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a code-platform account's followers; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `codeUserFollowers`.
         */
        get: operations["codeUserFollowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/code/repository/contributors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a public repository's contributors (accounts, most contributions first); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `codeRepositoryContributors`.
         */
        get: operations["codeRepositoryContributors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/code/repository/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a public repository's published releases, newest first; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `codeRepositoryReleases`.
         */
        get: operations["codeRepositoryReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/websearch/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web search results (about 10 per page)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `websearchSearch`.
         */
        get: operations["websearchSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-a/podcast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A podcast (show) on the audio-a platform: metadata, rating, topics and its episode references
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioAPodcast`.
         */
        get: operations["audioAPodcast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-a/playlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a playlist on the audio-a platform: metadata and tracks; pass `cursor` back for the next page
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioAPlaylist`.
         */
        get: operations["audioAPlaylist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-a/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A track on the audio-a platform: name, artists, duration, explicit flag, release date, preview clip and cover art
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioATrack`.
         */
        get: operations["audioATrack"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-a/album": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An album on the audio-a platform: name, artists, release date, cover art and its track list (durations, explicit flags, preview clips)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioAAlbum`.
         */
        get: operations["audioAAlbum"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-a/artist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An artist on the audio-a platform: name, images and top tracks as its embed shows them
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioAArtist`.
         */
        get: operations["audioAArtist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-a/episode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A podcast episode on the audio-a platform: name, its show, release date, duration, explicit and playable flags, preview clip and cover art
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioAEpisode`.
         */
        get: operations["audioAEpisode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-b/artist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An artist on the audio-b platform: name, artwork, editorial notes, top songs and albums
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioBArtist`.
         */
        get: operations["audioBArtist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-b/album": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An album on the audio-b platform with its tracks and release info
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioBAlbum`.
         */
        get: operations["audioBAlbum"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-b/song": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A song on the audio-b platform: title, artists, album, duration, release date, ISRC, genres, preview and artwork
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioBSong`.
         */
        get: operations["audioBSong"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-b/playlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page (up to 100 tracks) of a public playlist on the audio-b platform: name, curator, description, type, artwork and its tracks as songs; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioBPlaylist`.
         */
        get: operations["audioBPlaylist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-b/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the audio-b catalog (US storefront): songs, albums, artists, playlists, stations, music videos, radio episodes, or the top results
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioBSearch`.
         */
        get: operations["audioBSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-c/artist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An artist profile on the audio-c platform, by handle or profile URL
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioCArtist`.
         */
        get: operations["audioCArtist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-c/playlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A set (playlist, album, EP…) on the audio-c platform by URL: its details, creator and tracks
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioCPlaylist`.
         */
        get: operations["audioCPlaylist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-c/artist/tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page (20) of an audio-c artist's public tracks, newest first, by handle or profile URL; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioCArtistTracks`.
         */
        get: operations["audioCArtistTracks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audio-c/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One track on the audio-c platform by URL: its details, counts and uploader
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `audioCTrack`.
         */
        get: operations["audioCTrack"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/moodboard/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public post (element) on the moodboard platform
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `moodboardPost`.
         */
        get: operations["moodboardPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/moodboard/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search posts on the moodboard platform (related posts may be returned without an exact match)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `moodboardSearch`.
         */
        get: operations["moodboardSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/linkpage-a": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public linkpage-a profile: identity, flags, theme, section settings and its info and web link groups
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `linkpageAProfile`.
         */
        get: operations["linkpageAProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/linkpage-b": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public linkpage-b page: profile, links, one URL per linked platform, contact e-mail
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `linkpageBPage`.
         */
        get: operations["linkpageBPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/linkpage-c": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public linkpage-c page: profile, links and products, one URL per linked platform, website
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `linkpageCPage`.
         */
        get: operations["linkpageCPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/linkpage-d": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public linkpage-d page: name, location, contact e-mails, one URL per linked platform, links and products
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `linkpageDPage`.
         */
        get: operations["linkpageDPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/linkpage-e": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public linkpage-e page: handle, id, one URL per linked platform, e-mail, WhatsApp, website and links
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `linkpageEPage`.
         */
        get: operations["linkpageEPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pinboard/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search pins on the pinboard platform (about 25 per page)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `pinboardSearch`.
         */
        get: operations["pinboardSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pinboard/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public pinboard account: name, bio, website, counts, images
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `pinboardProfile`.
         */
        get: operations["pinboardProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pinboard/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One public pin: texts, link, counts, images, pinner and board
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `pinboardPin`.
         */
        get: operations["pinboardPin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pinboard/board": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public board (name, description, counts, owner, covers) and a page of its pins (25 per page)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `pinboardBoard`.
         */
        get: operations["pinboardBoard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-b/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public profile on the social-b platform, with its latest posts
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `socialBProfile`.
         */
        get: operations["socialBProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-b/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public social-b post or reel: caption, counts, owner, image and video renditions
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `socialBPost`.
         */
        get: operations["socialBPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-b/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public social-b account's posts, one page per call (about 12)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `socialBPosts`.
         */
        get: operations["socialBPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shortvideo/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public shortvideo account: its user object (name, bio, website, flags, avatars) and counts
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `shortvideoProfile`.
         */
        get: operations["shortvideoProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/shortvideo/video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public shortvideo video: caption, author, counts, file, sound and hashtags
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `shortvideoVideo`.
         */
        get: operations["shortvideoVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forum/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search posts (or comments) on the forum platform; page with `after`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `forumSearch`.
         */
        get: operations["forumSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forum/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Reddit user's public account: karma, creation date, verification, profile (title, bio, followers)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `forumUser`.
         */
        get: operations["forumUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forum/user/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page (100) of a Reddit user's submitted posts; page with `after`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `forumUserPosts`.
         */
        get: operations["forumUserPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forum/user/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page (100) of a Reddit user's comments, newest first by default; page with `after`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `forumUserComments`.
         */
        get: operations["forumUserComments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forum/subreddit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page (100) of a subreddit's posts, with its about fields; page with `after`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `forumSubreddit`.
         */
        get: operations["forumSubreddit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forum/subreddit/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the posts of one subreddit (100 a page); page with `after`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `forumSubredditSearch`.
         */
        get: operations["forumSubredditSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forum/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Reddit post with its comment tree (replies nested; "load more" stubs kept)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `forumPost`.
         */
        get: operations["forumPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-c/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search public posts on the microblog-c platform (about 10 per call)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogCSearch`.
         */
        get: operations["microblogCSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-c/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public microblog-c account: name, bio, links, follower count, flags
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogCProfile`.
         */
        get: operations["microblogCProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-a/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public post on microblog-a, optionally with its images and videos hosted by this gateway
         * @description Costs up to 10 credits when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogAPost`.
         */
        get: operations["microblogAPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-a/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public microblog-a account profile
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogAProfile`.
         */
        get: operations["microblogAProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-a/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a microblog-a account's public posts, newest first; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogAPosts`.
         */
        get: operations["microblogAPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-b/tweet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public post on microblog-b (the tweet object: author, counts, views, entities)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogBTweet`.
         */
        get: operations["microblogBTweet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-b/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public microblog-b account (the user object a post carries as its author: bio, links, counts, flags)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogBProfile`.
         */
        get: operations["microblogBProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video/channel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A channel on the video platform: profile, counts, links, country, joined date
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `videoChannel`.
         */
        get: operations["videoChannel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video/video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A video on the video platform: title, description, counts, channel, dates, keywords, caption tracks
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `videoVideo`.
         */
        get: operations["videoVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a channel's videos, Shorts or live streams; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `videoVideos`.
         */
        get: operations["videoVideos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the video platform: videos, channels and playlists; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `videoSearch`.
         */
        get: operations["videoSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video/transcript": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A video's caption tracks and one transcript (timed lines and the whole text), by language
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `videoTranscript`.
         */
        get: operations["videoTranscript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a video's public top-level comments (top or newest first); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `videoComments`.
         */
        get: operations["videoComments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video/playlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public playlist on the video platform: title, owner, counts and its videos; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `videoPlaylist`.
         */
        get: operations["videoPlaylist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a channel's community posts (the Posts tab); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `videoPosts`.
         */
        get: operations["videoPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/retail-shop/shop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A creator storefront on the retail-shop platform, one page at a time: profile, idea lists, videos, trending picks, curations
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `retailShopStorefront`.
         */
        get: operations["retailShopStorefront"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-a/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events of a city on the social-a platform (its public city events page), one page at a time
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `socialAEvents`.
         */
        get: operations["socialAEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-a/events/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search public events on the social-a platform by name or description, one page at a time
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `socialAEventSearch`.
         */
        get: operations["socialAEventSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-a/profile/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events of a public page on the social-a platform (upcoming, or past when the URL names the past tab), one page at a time
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `socialAProfileEvents`.
         */
        get: operations["socialAProfileEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/social-a/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public page's about facts on the social-a platform: name, id, category, intro, websites, e-mail, links, follower count
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `socialAPage`.
         */
        get: operations["socialAPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public Bluesky profile
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDProfile`.
         */
        get: operations["microblogDProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Bluesky account's posts and reposts, newest first; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDPosts`.
         */
        get: operations["microblogDPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of Bluesky posts matching a query; page with `cursor`. Bluesky switches anonymous search (and always its paging) off at times: UPSTREAM_BLOCKED
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDSearch`.
         */
        get: operations["microblogDSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/search/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bluesky accounts whose handle or display name matches a query (at most 10, no paging)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDProfileSearch`.
         */
        get: operations["microblogDProfileSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Bluesky account's followers (up to 100, newest follow first); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDFollowers`.
         */
        get: operations["microblogDFollowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/follows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of the accounts a Bluesky account follows (up to 100, newest follow first); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDFollows`.
         */
        get: operations["microblogDFollows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One Bluesky post with its thread: the posts it answers (up to the root) and its replies, `depth` levels deep
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDPost`.
         */
        get: operations["microblogDPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/post/likes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of the accounts that liked a Bluesky post (up to 100, newest like first); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDPostLikes`.
         */
        get: operations["microblogDPostLikes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-d/post/reposts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of the accounts that reposted a Bluesky post (up to 100, newest repost first); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogDPostReposts`.
         */
        get: operations["microblogDPostReposts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public account on any Mastodon-compatible server, asked of that server
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogEProfile`.
         */
        get: operations["microblogEProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Mastodon account's public statuses and boosts, newest first; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogEPosts`.
         */
        get: operations["microblogEPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of the accounts following a Mastodon account (80 at most, most recent first) and the account; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogEFollowers`.
         */
        get: operations["microblogEFollowers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/following": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of the accounts a Mastodon account follows (80 at most, most recent first) and the account; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogEFollowing`.
         */
        get: operations["microblogEFollowing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One public status on any Mastodon-compatible server, with its thread: the statuses it replies to and the replies below it
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogEPost`.
         */
        get: operations["microblogEPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/post/reblogged-by": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of the accounts that boosted a public Mastodon status (80 at most, most recent first), with its counts; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogEPostRebloggedBy`.
         */
        get: operations["microblogEPostRebloggedBy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/post/favourited-by": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of the accounts that favourited a public Mastodon status (80 at most, most recent first), with its counts; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogEPostFavouritedBy`.
         */
        get: operations["microblogEPostFavouritedBy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/tag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Mastodon server's public hashtag timeline, newest first; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogETag`.
         */
        get: operations["microblogETag"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/search/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts a Mastodon server knows (its own and remote ones) whose name or handle matches a query (at most 40, no paging: the server refuses `offset` without a login)
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogEProfileSearch`.
         */
        get: operations["microblogEProfileSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/trends/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Mastodon server's trending hashtags (20 at most, most trending first) with a week of daily use; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogETrendsTags`.
         */
        get: operations["microblogETrendsTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/microblog-e/trends/statuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Mastodon server's trending public statuses (20 at most, most trending first; its own and other servers'); page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `microblogETrendsStatuses`.
         */
        get: operations["microblogETrendsStatuses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletter/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Substack writer's public profile
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `newsletterProfile`.
         */
        get: operations["newsletterProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletter/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Substack writer's posts across their publications, newest first; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `newsletterPosts`.
         */
        get: operations["newsletterPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletter/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One Substack post with its text (the public preview of a paid post), by its URL
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `newsletterPost`.
         */
        get: operations["newsletterPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletter/post/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Substack post's public comments as a tree (replies nested), by the post's URL; all of them in one answer
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `newsletterPostComments`.
         */
        get: operations["newsletterPostComments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/newsletter/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of Substack publications matching a query (20 a page), in Substack's order; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `newsletterSearch`.
         */
        get: operations["newsletterSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/livestream/channel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Kick channel: followers, live state, the streamer's bio and social links
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `livestreamChannel`.
         */
        get: operations["livestreamChannel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/livestream/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Kick channel's past broadcasts (VODs): title, start, length, views, categories
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `livestreamVideos`.
         */
        get: operations["livestreamVideos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/livestream/clips": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Kick channel's clips, most viewed or newest, over a day, week, month or all time; page with `cursor`
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `livestreamClips`.
         */
        get: operations["livestreamClips"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/blog/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One page of a Tumblr blog's posts (Neue Post Format), newest first; page with `cursor`. Needs the operator's TUMBLR_API_KEY
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `blogPosts`.
         */
        get: operations["blogPosts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/blog/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Tumblr blog's public info: title, description, avatar, post count, ask settings, theme. Needs the operator's TUMBLR_API_KEY
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `blogInfo`.
         */
        get: operations["blogInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/blog/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One Tumblr post (Neue Post Format), by its URL or by blog and id. Needs the operator's TUMBLR_API_KEY
         * @description Costs 1 credit when fetched live, 0 when served from cache. Also available as the GraphQL root field `blogPost`.
         */
        get: operations["blogPost"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/find-social-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The creator's profiles on other platforms, each with a confidence and the evidence for it
         * @description Costs up to 10 credits when fetched live, 0 when served from cache. Also available as the GraphQL root field `findSocialProfiles`.
         */
        get: operations["findSocialProfiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/find-creator-emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Publicly listed contact e-mail addresses of a creator, each with where it was found
         * @description Costs up to 10 credits when fetched live, 0 when served from cache. Also available as the GraphQL root field `findCreatorEmails`.
         */
        get: operations["findCreatorEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AudioAAlbum: {
            id: string;
            uri: string;
            name: string | null;
            subtitle: string | null;
            artists: {
                id: string | null;
                uri: string | null;
                name: string | null;
            }[] | null;
            releaseDate: {
                isoString: string | null;
            } | null;
            isExplicit: boolean | null;
            isPlayable: boolean | null;
            isPreRelease: boolean | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            visualIdentity: unknown;
            trackList: {
                id: string | null;
                uri: string;
                uid: string | null;
                title: string | null;
                subtitle: string | null;
                duration: {
                    totalMilliseconds: number | null;
                };
                isExplicit: boolean | null;
                isPlayable: boolean | null;
                audioPreview: {
                    url: string | null;
                } | null;
            }[];
        };
        AudioAAlbumResponse: {
            id: string;
            uri: string;
            name: string | null;
            subtitle: string | null;
            artists: {
                id: string | null;
                uri: string | null;
                name: string | null;
            }[] | null;
            releaseDate: {
                isoString: string | null;
            } | null;
            isExplicit: boolean | null;
            isPlayable: boolean | null;
            isPreRelease: boolean | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            visualIdentity: unknown;
            trackList: {
                id: string | null;
                uri: string;
                uid: string | null;
                title: string | null;
                subtitle: string | null;
                duration: {
                    totalMilliseconds: number | null;
                };
                isExplicit: boolean | null;
                isPlayable: boolean | null;
                audioPreview: {
                    url: string | null;
                } | null;
            }[];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioAArtist: {
            id: string;
            uri: string;
            name: string | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            visualIdentity: unknown;
            topTracks: {
                id: string | null;
                uri: string;
                uid: string | null;
                title: string | null;
                subtitle: string | null;
                duration: {
                    totalMilliseconds: number | null;
                };
                isExplicit: boolean | null;
                isPlayable: boolean | null;
                audioPreview: {
                    url: string | null;
                } | null;
            }[];
            followers: number | null;
            monthlyListeners: number | null;
        };
        AudioAArtistResponse: {
            id: string;
            uri: string;
            name: string | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            visualIdentity: unknown;
            topTracks: {
                id: string | null;
                uri: string;
                uid: string | null;
                title: string | null;
                subtitle: string | null;
                duration: {
                    totalMilliseconds: number | null;
                };
                isExplicit: boolean | null;
                isPlayable: boolean | null;
                audioPreview: {
                    url: string | null;
                } | null;
            }[];
            followers: number | null;
            monthlyListeners: number | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioAEpisode: {
            id: string;
            uri: string;
            name: string | null;
            show: {
                id: string | null;
                uri: string | null;
                name: string | null;
                coverArt: {
                    sources: {
                        url: string | null;
                        width: number | null;
                        height: number | null;
                    }[];
                } | null;
            };
            description: string | null;
            releaseDate: {
                isoString: string | null;
            } | null;
            duration: {
                totalMilliseconds: number | null;
            };
            isExplicit: boolean | null;
            isPlayable: boolean | null;
            audioPreview: {
                url: string | null;
            } | null;
            hasVideo: boolean | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            visualIdentity: unknown;
        };
        AudioAEpisodeResponse: {
            id: string;
            uri: string;
            name: string | null;
            show: {
                id: string | null;
                uri: string | null;
                name: string | null;
                coverArt: {
                    sources: {
                        url: string | null;
                        width: number | null;
                        height: number | null;
                    }[];
                } | null;
            };
            description: string | null;
            releaseDate: {
                isoString: string | null;
            } | null;
            duration: {
                totalMilliseconds: number | null;
            };
            isExplicit: boolean | null;
            isPlayable: boolean | null;
            audioPreview: {
                url: string | null;
            } | null;
            hasVideo: boolean | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            visualIdentity: unknown;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioAPlaylist: {
            id: string;
            uri: string;
            __typename: string | null;
            name: string | null;
            description: string | null;
            followers: number | null;
            images: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            }[];
            ownerV2: {
                __typename: string | null;
                name: string | null;
                uri: string | null;
                username: string | null;
            } | null;
            tracks: {
                id: string | null;
                uri: string;
                name: string | null;
                albumOfTrack: {
                    name: string | null;
                    uri: string | null;
                } | null;
                artists: {
                    profile: {
                        name: string | null;
                    };
                    uri: string | null;
                }[];
                duration: {
                    totalMilliseconds: number | null;
                };
                playcount: number | null;
            }[];
            cursor: number | null;
            totalCount: number | null;
        };
        AudioAPlaylistResponse: {
            id: string;
            uri: string;
            __typename: string | null;
            name: string | null;
            description: string | null;
            followers: number | null;
            images: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            }[];
            ownerV2: {
                __typename: string | null;
                name: string | null;
                uri: string | null;
                username: string | null;
            } | null;
            tracks: {
                id: string | null;
                uri: string;
                name: string | null;
                albumOfTrack: {
                    name: string | null;
                    uri: string | null;
                } | null;
                artists: {
                    profile: {
                        name: string | null;
                    };
                    uri: string | null;
                }[];
                duration: {
                    totalMilliseconds: number | null;
                };
                playcount: number | null;
            }[];
            cursor: number | null;
            totalCount: number | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioAPodcast: {
            id: string;
            uri: string;
            __typename: string | null;
            name: string | null;
            description: string | null;
            htmlDescription: string | null;
            publisher: {
                name: string | null;
            } | null;
            contentType: string | null;
            mediaType: string | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            episodesV2: {
                [key: string]: unknown;
            }[];
            topics: {
                __typename: string | null;
                title: string | null;
                uri: string | null;
            }[];
            rating: {
                averageRating: {
                    average: number | null;
                    showAverage: boolean | null;
                    totalRatings: number | null;
                } | null;
                canRate: boolean | null;
                rating: unknown;
            } | null;
            playability: {
                playable: boolean | null;
                reason: string | null;
                unplayabilityReasons: unknown[];
            } | null;
            sharingInfo: {
                shareId: string | null;
                shareUrl: string | null;
            } | null;
            visualIdentity: unknown;
            contentRatingV2: {
                labels: string[];
            } | null;
            consumptionOrderV2: string | null;
            saved: boolean | null;
            musicAndTalk: boolean | null;
            showTypes: string[];
            gatedEntityRelations: unknown[];
            accessInfo: unknown;
            trailerV2: unknown;
        };
        AudioAPodcastResponse: {
            id: string;
            uri: string;
            __typename: string | null;
            name: string | null;
            description: string | null;
            htmlDescription: string | null;
            publisher: {
                name: string | null;
            } | null;
            contentType: string | null;
            mediaType: string | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            episodesV2: {
                [key: string]: unknown;
            }[];
            topics: {
                __typename: string | null;
                title: string | null;
                uri: string | null;
            }[];
            rating: {
                averageRating: {
                    average: number | null;
                    showAverage: boolean | null;
                    totalRatings: number | null;
                } | null;
                canRate: boolean | null;
                rating: unknown;
            } | null;
            playability: {
                playable: boolean | null;
                reason: string | null;
                unplayabilityReasons: unknown[];
            } | null;
            sharingInfo: {
                shareId: string | null;
                shareUrl: string | null;
            } | null;
            visualIdentity: unknown;
            contentRatingV2: {
                labels: string[];
            } | null;
            consumptionOrderV2: string | null;
            saved: boolean | null;
            musicAndTalk: boolean | null;
            showTypes: string[];
            gatedEntityRelations: unknown[];
            accessInfo: unknown;
            trailerV2: unknown;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioATrack: {
            id: string;
            uri: string;
            name: string | null;
            artists: {
                id: string | null;
                uri: string | null;
                name: string | null;
            }[];
            duration: {
                totalMilliseconds: number | null;
            };
            isExplicit: boolean | null;
            isPlayable: boolean | null;
            releaseDate: {
                isoString: string | null;
            } | null;
            audioPreview: {
                url: string | null;
            } | null;
            hasVideo: boolean | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            visualIdentity: unknown;
            relatedEntityUri: string | null;
        };
        AudioATrackResponse: {
            id: string;
            uri: string;
            name: string | null;
            artists: {
                id: string | null;
                uri: string | null;
                name: string | null;
            }[];
            duration: {
                totalMilliseconds: number | null;
            };
            isExplicit: boolean | null;
            isPlayable: boolean | null;
            releaseDate: {
                isoString: string | null;
            } | null;
            audioPreview: {
                url: string | null;
            } | null;
            hasVideo: boolean | null;
            coverArt: {
                sources: {
                    url: string | null;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            visualIdentity: unknown;
            relatedEntityUri: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioBAlbum: {
            id: string;
            kind: string;
            title: string | null;
            artist_name: string | null;
            artist_url: string | null;
            url: string | null;
            track_count: number | null;
            release_info: string | null;
            tracks: {
                id: string | null;
                kind: string;
                title: string | null;
                duration_ms: number | null;
                track_number: number | null;
                album_id: string;
            }[];
        };
        AudioBAlbumResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            data: components["schemas"]["AudioBAlbum"];
        };
        AudioBArtist: {
            id: string;
            kind: string;
            name: string | null;
            url: string | null;
            artwork: {
                url: string;
                width: number | null;
                height: number | null;
            } | null;
            editorial_notes: string | null;
            top_songs: {
                id: string;
                kind: string;
                title: string | null;
                artist_name: string | null;
                url: string | null;
                duration_ms: number | null;
            }[];
            albums: {
                id: string;
                kind: string;
                title: string | null;
                subtitle: string | null;
                track_count: number | null;
                url: string | null;
            }[];
        };
        AudioBArtistResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            data: components["schemas"]["AudioBArtist"];
        };
        AudioBPlaylist: {
            id: string;
            kind: string;
            name: string | null;
            curator_name: string | null;
            description: {
                standard: string | null;
                short: string | null;
            } | null;
            last_modified_date: string | null;
            playlist_type: string | null;
            is_chart: boolean | null;
            url: string | null;
            artwork: {
                url: string;
                width: number | null;
                height: number | null;
            } | null;
            tracks: components["schemas"]["AudioBSong"][];
            cursor: string | null;
        };
        AudioBPlaylistResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            data: components["schemas"]["AudioBPlaylist"];
        };
        AudioBSearch: {
            query: string;
            /** @enum {string} */
            type: "all" | "song" | "album" | "artist" | "playlist" | "station" | "music_video" | "radio_episode";
            results: {
                id: string;
                kind: string;
                title: string | null;
                artist_name: string | null;
                url: string | null;
                duration_ms: number | null;
            }[];
        };
        AudioBSearchResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            data: components["schemas"]["AudioBSearch"];
        };
        AudioBSong: {
            id: string;
            kind: string;
            title: string | null;
            duration_ms: number | null;
            track_number: number | null;
            album_id: string | null;
            album_name: string | null;
            artist_name: string | null;
            url: string | null;
            disc_number: number | null;
            release_date: string | null;
            isrc: string | null;
            genre_names: string[];
            composer_name: string | null;
            content_rating: string | null;
            preview_url: string | null;
            artwork: {
                url: string;
                width: number | null;
                height: number | null;
            } | null;
            artists: {
                id: string;
                name: string | null;
                url: string | null;
            }[];
        };
        AudioBSongResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            data: components["schemas"]["AudioBSong"];
        };
        AudioCArtist: {
            id: number;
            kind: string | null;
            urn: string | null;
            uri: string | null;
            permalink: string | null;
            permalink_url: string | null;
            username: string | null;
            first_name: string | null;
            last_name: string | null;
            full_name: string | null;
            description: string | null;
            avatar_url: string | null;
            city: string | null;
            country_code: string | null;
            followers_count: number | null;
            followings_count: number | null;
            track_count: number | null;
            playlist_count: number | null;
            playlist_likes_count: number | null;
            likes_count: number | null;
            comments_count: number | null;
            groups_count: number | null;
            reposts_count: number | null;
            verified: boolean | null;
            created_at: string | null;
            last_modified: string | null;
            date_of_birth: unknown;
            creator_subscription: {
                product: {
                    id: string | null;
                } | null;
            } | null;
            creator_subscriptions: {
                product: {
                    id: string | null;
                } | null;
            }[];
            visuals: {
                urn: string | null;
                enabled: boolean | null;
                visuals: {
                    urn: string | null;
                    entry_time: number | null;
                    visual_url: string | null;
                }[];
                tracking: unknown;
            } | null;
            badges: {
                pro: boolean | null;
                creator_mid_tier: boolean | null;
                pro_unlimited: boolean | null;
                verified: boolean | null;
            } | null;
            station_urn: string | null;
            station_permalink: string | null;
        };
        AudioCArtistResponse: {
            id: number;
            kind: string | null;
            urn: string | null;
            uri: string | null;
            permalink: string | null;
            permalink_url: string | null;
            username: string | null;
            first_name: string | null;
            last_name: string | null;
            full_name: string | null;
            description: string | null;
            avatar_url: string | null;
            city: string | null;
            country_code: string | null;
            followers_count: number | null;
            followings_count: number | null;
            track_count: number | null;
            playlist_count: number | null;
            playlist_likes_count: number | null;
            likes_count: number | null;
            comments_count: number | null;
            groups_count: number | null;
            reposts_count: number | null;
            verified: boolean | null;
            created_at: string | null;
            last_modified: string | null;
            date_of_birth: unknown;
            creator_subscription: {
                product: {
                    id: string | null;
                } | null;
            } | null;
            creator_subscriptions: {
                product: {
                    id: string | null;
                } | null;
            }[];
            visuals: {
                urn: string | null;
                enabled: boolean | null;
                visuals: {
                    urn: string | null;
                    entry_time: number | null;
                    visual_url: string | null;
                }[];
                tracking: unknown;
            } | null;
            badges: {
                pro: boolean | null;
                creator_mid_tier: boolean | null;
                pro_unlimited: boolean | null;
                verified: boolean | null;
            } | null;
            station_urn: string | null;
            station_permalink: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioCArtistTracks: {
            tracks: components["schemas"]["AudioCTrack"][];
            cursor: string | null;
        };
        AudioCArtistTracksResponse: {
            tracks: components["schemas"]["AudioCTrack"][];
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioCPlaylist: {
            id: number;
            kind: string | null;
            permalink: string | null;
            permalink_url: string | null;
            uri: string | null;
            title: string | null;
            description: string | null;
            set_type: string | null;
            is_album: boolean | null;
            genre: string | null;
            tag_list: string | null;
            label_name: string | null;
            license: string | null;
            sharing: string | null;
            duration: number | null;
            track_count: number | null;
            likes_count: number | null;
            reposts_count: number | null;
            artwork_url: string | null;
            created_at: string | null;
            published_at: string | null;
            release_date: string | null;
            display_date: string | null;
            last_modified: string | null;
            user: components["schemas"]["AudioCArtist"] | null;
            tracks: {
                id: number;
                stub: boolean;
                title: string | null;
                permalink: string | null;
                permalink_url: string | null;
                artwork_url: string | null;
                genre: string | null;
                duration: number | null;
                playback_count: number | null;
                likes_count: number | null;
                reposts_count: number | null;
                comment_count: number | null;
                created_at: string | null;
                user: {
                    id: number;
                    permalink: string | null;
                    permalink_url: string | null;
                    username: string | null;
                    avatar_url: string | null;
                    verified: boolean | null;
                } | null;
            }[];
        };
        AudioCPlaylistResponse: {
            id: number;
            kind: string | null;
            permalink: string | null;
            permalink_url: string | null;
            uri: string | null;
            title: string | null;
            description: string | null;
            set_type: string | null;
            is_album: boolean | null;
            genre: string | null;
            tag_list: string | null;
            label_name: string | null;
            license: string | null;
            sharing: string | null;
            duration: number | null;
            track_count: number | null;
            likes_count: number | null;
            reposts_count: number | null;
            artwork_url: string | null;
            created_at: string | null;
            published_at: string | null;
            release_date: string | null;
            display_date: string | null;
            last_modified: string | null;
            user: components["schemas"]["AudioCArtist"] | null;
            tracks: {
                id: number;
                stub: boolean;
                title: string | null;
                permalink: string | null;
                permalink_url: string | null;
                artwork_url: string | null;
                genre: string | null;
                duration: number | null;
                playback_count: number | null;
                likes_count: number | null;
                reposts_count: number | null;
                comment_count: number | null;
                created_at: string | null;
                user: {
                    id: number;
                    permalink: string | null;
                    permalink_url: string | null;
                    username: string | null;
                    avatar_url: string | null;
                    verified: boolean | null;
                } | null;
            }[];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        AudioCTrack: {
            id: number;
            kind: string | null;
            urn: string | null;
            title: string | null;
            permalink: string | null;
            permalink_url: string | null;
            description: string | null;
            genre: string | null;
            tag_list: string | null;
            duration: number | null;
            full_duration: number | null;
            created_at: string | null;
            last_modified: string | null;
            release_date: string | null;
            display_date: string | null;
            playback_count: number | null;
            likes_count: number | null;
            reposts_count: number | null;
            comment_count: number | null;
            download_count: number | null;
            commentable: boolean | null;
            downloadable: boolean | null;
            streamable: boolean | null;
            sharing: string | null;
            policy: string | null;
            monetization_model: string | null;
            license: string | null;
            artwork_url: string | null;
            waveform_url: string | null;
            label_name: string | null;
            publisher_metadata: {
                artist: string | null;
                album_title: string | null;
                release_title: string | null;
                contains_music: boolean | null;
                explicit: boolean | null;
                publisher: string | null;
                writer_composer: string | null;
                isrc: string | null;
                iswc: string | null;
                upc_or_ean: string | null;
                p_line: string | null;
                p_line_for_display: string | null;
                c_line: string | null;
                c_line_for_display: string | null;
            } | null;
            user: {
                id: number;
                urn: string | null;
                permalink: string | null;
                permalink_url: string | null;
                username: string | null;
                full_name: string | null;
                avatar_url: string | null;
                city: string | null;
                country_code: string | null;
                verified: boolean | null;
                followers_count: number | null;
            } | null;
        };
        AudioCTrackResponse: {
            id: number;
            kind: string | null;
            urn: string | null;
            title: string | null;
            permalink: string | null;
            permalink_url: string | null;
            description: string | null;
            genre: string | null;
            tag_list: string | null;
            duration: number | null;
            full_duration: number | null;
            created_at: string | null;
            last_modified: string | null;
            release_date: string | null;
            display_date: string | null;
            playback_count: number | null;
            likes_count: number | null;
            reposts_count: number | null;
            comment_count: number | null;
            download_count: number | null;
            commentable: boolean | null;
            downloadable: boolean | null;
            streamable: boolean | null;
            sharing: string | null;
            policy: string | null;
            monetization_model: string | null;
            license: string | null;
            artwork_url: string | null;
            waveform_url: string | null;
            label_name: string | null;
            publisher_metadata: {
                artist: string | null;
                album_title: string | null;
                release_title: string | null;
                contains_music: boolean | null;
                explicit: boolean | null;
                publisher: string | null;
                writer_composer: string | null;
                isrc: string | null;
                iswc: string | null;
                upc_or_ean: string | null;
                p_line: string | null;
                p_line_for_display: string | null;
                c_line: string | null;
                c_line_for_display: string | null;
            } | null;
            user: {
                id: number;
                urn: string | null;
                permalink: string | null;
                permalink_url: string | null;
                username: string | null;
                full_name: string | null;
                avatar_url: string | null;
                city: string | null;
                country_code: string | null;
                verified: boolean | null;
                followers_count: number | null;
            } | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        BlogAvatar: {
            url: string;
            width: number | null;
            height: number | null;
        };
        BlogInfo: {
            /** @description Blog name (`staff` of staff.tumblr.com) */
            name: string;
            title: string | null;
            /** @description HTML, as the blog keeps it ("" when none) */
            description: string | null;
            url: string | null;
            /** @description `t:…`: the permanent id of the blog */
            uuid: string | null;
            /** @description Unix seconds of the last update */
            updated: number | null;
            /** @description Number of posts */
            posts: number | null;
            /** @description The avatar in the sizes Tumblr lists, largest first */
            avatar: components["schemas"]["BlogAvatar"][];
            /** @description Whether the blog takes questions */
            ask: boolean | null;
            /** @description Whether it takes anonymous questions (sent only when `ask`) */
            ask_anon: boolean | null;
            ask_page_title: string | null;
            is_nsfw: boolean | null;
            /** @description Whether the blog shows its likes */
            share_likes: boolean | null;
            /** @description Posts it liked, only when `share_likes` */
            likes: number | null;
            /** @description Its theme (colours, fonts, header image…), as Tumblr sends it */
            theme: {
                [key: string]: unknown;
            } | null;
        };
        BlogInfoResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            blog: components["schemas"]["BlogInfo"];
        };
        BlogPost: {
            /** @description Post id */
            id_string: string;
            /** @description `blocks` for Neue Post Format posts */
            type: string | null;
            blog_name: string | null;
            /** @description The blog (name, title, description, url, uuid…), as Tumblr embeds it in each post */
            blog: {
                [key: string]: unknown;
            } | null;
            post_url: string | null;
            short_url: string | null;
            slug: string | null;
            /** @description "2020-05-01 21:49:17 GMT" */
            date: string | null;
            /** @description Unix seconds */
            timestamp: number | null;
            state: string | null;
            tags: string[];
            summary: string | null;
            note_count: number | null;
            /** @description NPF content blocks (`text`, `image`, `link`, `video`…); a reblog's own may be empty */
            content: {
                [key: string]: unknown;
            }[];
            layout: {
                [key: string]: unknown;
            }[];
            /** @description The reblog trail: earlier posts with their content */
            trail: {
                [key: string]: unknown;
            }[];
            source_url: string | null;
            source_title: string | null;
            reblogged_from_name: string | null;
            reblogged_from_url: string | null;
            reblogged_root_name: string | null;
            reblogged_root_url: string | null;
        };
        BlogPostResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            post: components["schemas"]["BlogPost"];
        };
        BlogPostsPage: {
            /** @description The blog's posts, newest first */
            posts: components["schemas"]["BlogPost"][];
            /** @description Pass unchanged as `cursor` (with the same blog) for the next page; null at the end */
            cursor: string | null;
        };
        BlogPostsResponse: {
            /** @description The blog's posts, newest first */
            posts: components["schemas"]["BlogPost"][];
            /** @description Pass unchanged as `cursor` (with the same blog) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        CodeRepository: {
            id: number;
            node_id: string | null;
            name: string;
            full_name: string;
            owner: {
                id: number | null;
                login: string;
                avatar_url: string | null;
                url: string;
                type: string | null;
            };
            private: boolean | null;
            url: string;
            description: string | null;
            fork: boolean | null;
            homepage: string | null;
            language: string | null;
            forks_count: number | null;
            stars_count: number | null;
            watchers_count: number | null;
            size: number | null;
            default_branch: string | null;
            open_issues_count: number | null;
            topics: string[];
            license: {
                key: string | null;
                name: string | null;
                spdx_id: string | null;
            } | null;
            archived: boolean | null;
            disabled: boolean | null;
            visibility: string | null;
            pushed_at: string | null;
            created_at: string | null;
            updated_at: string | null;
        };
        /** @description One page (up to 100) of a public repository's contributors (accounts only, no anonymous e-mail entries) */
        CodeRepositoryContributors: {
            /** @description The contributors on this page, most contributions first */
            contributors: ({
                /** @description The account name, as GitHub spells it */
                login: string;
                /** @description Numeric account id */
                id: number;
                node_id: string | null;
                /** @description User, Organization or Bot */
                type: string | null;
                site_admin: boolean | null;
                avatar_url: string | null;
                /** @description The profile page, https://github.com/<login> */
                html_url: string | null;
                /** @description The account's commits to the repository's default branch, as GitHub counts them */
                contributions: number | null;
            } & {
                [key: string]: unknown;
            })[];
            /** @description Pass unchanged as `cursor` (with the same url) for the next page; null at the end */
            cursor: string | null;
        };
        CodeRepositoryContributorsResponse: {
            /** @description The contributors on this page, most contributions first */
            contributors: ({
                /** @description The account name, as GitHub spells it */
                login: string;
                /** @description Numeric account id */
                id: number;
                node_id: string | null;
                /** @description User, Organization or Bot */
                type: string | null;
                site_admin: boolean | null;
                avatar_url: string | null;
                /** @description The profile page, https://github.com/<login> */
                html_url: string | null;
                /** @description The account's commits to the repository's default branch, as GitHub counts them */
                contributions: number | null;
            } & {
                [key: string]: unknown;
            })[];
            /** @description Pass unchanged as `cursor` (with the same url) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description One page (up to 30) of a public repository's published releases */
        CodeRepositoryReleases: {
            /** @description The published releases on this page, newest first */
            releases: {
                /** @description Numeric release id */
                id: number;
                node_id: string | null;
                /** @description The git tag the release is of */
                tag_name: string | null;
                /** @description The release title; null when it has none */
                name: string | null;
                /** @description The release notes, as written (markdown); null when none */
                body: string | null;
                /** @description Always false: drafts are not public and are never served */
                draft: boolean | null;
                prerelease: boolean | null;
                /** @description ISO 8601: when the tagged commit was made */
                created_at: string | null;
                /** @description ISO 8601 */
                published_at: string | null;
                /** @description The release's page, https://github.com/<owner>/<repo>/releases/tag/<tag> */
                html_url: string;
                /** @description The account that created the release */
                author: ({
                    /** @description The account name, as GitHub spells it */
                    login: string;
                    /** @description Numeric account id */
                    id: number;
                    node_id: string | null;
                    /** @description User, Organization or Bot */
                    type: string | null;
                    site_admin: boolean | null;
                    avatar_url: string | null;
                    /** @description The profile page, https://github.com/<login> */
                    html_url: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                assets: {
                    /** @description Numeric asset id */
                    id: number;
                    /** @description The file name */
                    name: string | null;
                    content_type: string | null;
                    /** @description Bytes */
                    size: number | null;
                    download_count: number | null;
                    /** @description ISO 8601 */
                    created_at: string | null;
                    /** @description ISO 8601 */
                    updated_at: string | null;
                    /** @description https://github.com/<owner>/<repo>/releases/download/<tag>/<name> */
                    browser_download_url: string | null;
                }[];
                tarball_url: string | null;
                zipball_url: string | null;
                /** @description The branch or commit the tag was made from */
                target_commitish: string | null;
            }[];
            /** @description Pass unchanged as `cursor` (with the same url) for the next page; null at the end */
            cursor: string | null;
        };
        CodeRepositoryReleasesResponse: {
            /** @description The published releases on this page, newest first */
            releases: {
                /** @description Numeric release id */
                id: number;
                node_id: string | null;
                /** @description The git tag the release is of */
                tag_name: string | null;
                /** @description The release title; null when it has none */
                name: string | null;
                /** @description The release notes, as written (markdown); null when none */
                body: string | null;
                /** @description Always false: drafts are not public and are never served */
                draft: boolean | null;
                prerelease: boolean | null;
                /** @description ISO 8601: when the tagged commit was made */
                created_at: string | null;
                /** @description ISO 8601 */
                published_at: string | null;
                /** @description The release's page, https://github.com/<owner>/<repo>/releases/tag/<tag> */
                html_url: string;
                /** @description The account that created the release */
                author: ({
                    /** @description The account name, as GitHub spells it */
                    login: string;
                    /** @description Numeric account id */
                    id: number;
                    node_id: string | null;
                    /** @description User, Organization or Bot */
                    type: string | null;
                    site_admin: boolean | null;
                    avatar_url: string | null;
                    /** @description The profile page, https://github.com/<login> */
                    html_url: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                assets: {
                    /** @description Numeric asset id */
                    id: number;
                    /** @description The file name */
                    name: string | null;
                    content_type: string | null;
                    /** @description Bytes */
                    size: number | null;
                    download_count: number | null;
                    /** @description ISO 8601 */
                    created_at: string | null;
                    /** @description ISO 8601 */
                    updated_at: string | null;
                    /** @description https://github.com/<owner>/<repo>/releases/download/<tag>/<name> */
                    browser_download_url: string | null;
                }[];
                tarball_url: string | null;
                zipball_url: string | null;
                /** @description The branch or commit the tag was made from */
                target_commitish: string | null;
            }[];
            /** @description Pass unchanged as `cursor` (with the same url) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        CodeRepositoryResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            repository: components["schemas"]["CodeRepository"];
        };
        CodeTrendingDevelopers: {
            since: string;
            language: string | null;
            developers: {
                rank: number;
                username: string;
                name: string | null;
                url: string;
                avatar_url: string | null;
                popular_repository: {
                    owner: string;
                    repo: string;
                    full_name: string;
                    url: string;
                    name: string;
                    description: string | null;
                } | null;
            }[];
        };
        CodeTrendingDevelopersResponse: {
            since: string;
            language: string | null;
            developers: {
                rank: number;
                username: string;
                name: string | null;
                url: string;
                avatar_url: string | null;
                popular_repository: {
                    owner: string;
                    repo: string;
                    full_name: string;
                    url: string;
                    name: string;
                    description: string | null;
                } | null;
            }[];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description A public code-platform account */
        CodeUser: {
            /** @description GitHub's user object; members beyond the listed ones pass through unchanged */
            user: {
                /** @description The account name, as GitHub spells it */
                login: string;
                /** @description Numeric account id */
                id: number;
                node_id: string | null;
                /** @description User or Organization */
                type: string | null;
                name: string | null;
                company: string | null;
                /** @description The website field, as written ("" when none; often without a scheme) */
                blog: string | null;
                location: string | null;
                /** @description Public e-mail (only when the account made it public) */
                email: string | null;
                hireable: boolean | null;
                bio: string | null;
                twitter_username: string | null;
                public_repos: number | null;
                public_gists: number | null;
                followers: number | null;
                following: number | null;
                avatar_url: string | null;
                /** @description The profile page, https://github.com/<login> */
                html_url: string | null;
                /** @description ISO 8601 */
                created_at: string | null;
                /** @description ISO 8601 */
                updated_at: string | null;
            } & {
                [key: string]: unknown;
            };
            /** @description The profile's social accounts; null when that request failed (the account itself was read) */
            social_accounts: {
                /** @description twitter, instagram, youtube, linkedin, mastodon… or generic */
                provider: string | null;
                url: string;
            }[] | null;
        };
        /** @description One page (up to 100) of a code-platform account's followers */
        CodeUserFollowers: {
            /** @description The account's followers on this page, in GitHub's order */
            followers: ({
                /** @description The account name, as GitHub spells it */
                login: string;
                /** @description Numeric account id */
                id: number;
                node_id: string | null;
                /** @description User, Organization or Bot */
                type: string | null;
                site_admin: boolean | null;
                avatar_url: string | null;
                /** @description The profile page, https://github.com/<login> */
                html_url: string | null;
            } & {
                [key: string]: unknown;
            })[];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end */
            cursor: string | null;
        };
        CodeUserFollowersResponse: {
            /** @description The account's followers on this page, in GitHub's order */
            followers: ({
                /** @description The account name, as GitHub spells it */
                login: string;
                /** @description Numeric account id */
                id: number;
                node_id: string | null;
                /** @description User, Organization or Bot */
                type: string | null;
                site_admin: boolean | null;
                avatar_url: string | null;
                /** @description The profile page, https://github.com/<login> */
                html_url: string | null;
            } & {
                [key: string]: unknown;
            })[];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description One page (up to 100) of a code-platform account's public repositories */
        CodeUserRepos: {
            /** @description The account's public repositories on this page, in the asked order */
            repositories: components["schemas"]["CodeRepository"][];
            /** @description Pass unchanged as `cursor` (with the same handle, sort and type) for the next page; null at the end */
            cursor: string | null;
        };
        CodeUserReposResponse: {
            /** @description The account's public repositories on this page, in the asked order */
            repositories: components["schemas"]["CodeRepository"][];
            /** @description Pass unchanged as `cursor` (with the same handle, sort and type) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        CodeUserResponse: {
            /** @description GitHub's user object; members beyond the listed ones pass through unchanged */
            user: {
                /** @description The account name, as GitHub spells it */
                login: string;
                /** @description Numeric account id */
                id: number;
                node_id: string | null;
                /** @description User or Organization */
                type: string | null;
                name: string | null;
                company: string | null;
                /** @description The website field, as written ("" when none; often without a scheme) */
                blog: string | null;
                location: string | null;
                /** @description Public e-mail (only when the account made it public) */
                email: string | null;
                hireable: boolean | null;
                bio: string | null;
                twitter_username: string | null;
                public_repos: number | null;
                public_gists: number | null;
                followers: number | null;
                following: number | null;
                avatar_url: string | null;
                /** @description The profile page, https://github.com/<login> */
                html_url: string | null;
                /** @description ISO 8601 */
                created_at: string | null;
                /** @description ISO 8601 */
                updated_at: string | null;
            } & {
                [key: string]: unknown;
            };
            /** @description The profile's social accounts; null when that request failed (the account itself was read) */
            social_accounts: {
                /** @description twitter, instagram, youtube, linkedin, mastodon… or generic */
                provider: string | null;
                url: string;
            }[] | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        EmailLookupResult: {
            source: {
                platform: string;
                handle: string;
                url: string;
            };
            emails: {
                email: string;
                sources: {
                    url: string;
                    /** @enum {string} */
                    type: "social_profile" | "link_in_bio" | "website" | "linked_profile";
                }[];
            }[];
            scanned_profile_urls: string[];
            failed_email_scan_urls: string[];
            email_scan_limited: boolean;
            link_in_bio_urls: string[];
            expanded_website_urls: string[];
            partial: boolean;
            failed_link_in_bio_urls: string[];
            failed_website_urls: string[];
            source_linked_profile_urls: string[];
            failed_source_linked_profile_urls: string[];
            same_handle_candidate_urls: string[];
            same_handle_search_partial: boolean;
            websearch_used: boolean;
            websearch_failed: boolean;
            websearch_candidate_urls: string[];
            websearch_candidate_link_in_bio_urls: string[];
            failed_websearch_candidate_link_in_bio_urls: string[];
            verified_websearch_candidate_urls: string[];
            failed_websearch_candidate_urls: string[];
            websearch_verification_partial: boolean;
        };
        Envelope: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        } & {
            [key: string]: unknown;
        };
        Error: {
            /** @constant */
            success: false;
            error: {
                /** @enum {string} */
                code: "INVALID_INPUT" | "UNAUTHORIZED" | "INSUFFICIENT_CREDITS" | "PRIVATE_CONTENT" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "NOT_ACCEPTABLE" | "REQUEST_TIMEOUT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "EXPECTATION_FAILED" | "RATE_LIMITED" | "HEADERS_TOO_LARGE" | "INTERNAL" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "UPSTREAM_BLOCKED" | "SERVICE_UNAVAILABLE" | "UPSTREAM_TIMEOUT";
                message: string;
                details?: {
                    param: string;
                    message: string;
                }[];
                request_id?: string;
            };
        };
        FindCreatorEmailsResponse: {
            source: {
                platform: string;
                handle: string;
                url: string;
            };
            emails: {
                email: string;
                sources: {
                    url: string;
                    /** @enum {string} */
                    type: "social_profile" | "link_in_bio" | "website" | "linked_profile";
                }[];
            }[];
            scanned_profile_urls: string[];
            failed_email_scan_urls: string[];
            email_scan_limited: boolean;
            link_in_bio_urls: string[];
            expanded_website_urls: string[];
            partial: boolean;
            failed_link_in_bio_urls: string[];
            failed_website_urls: string[];
            source_linked_profile_urls: string[];
            failed_source_linked_profile_urls: string[];
            same_handle_candidate_urls: string[];
            same_handle_search_partial: boolean;
            websearch_used: boolean;
            websearch_failed: boolean;
            websearch_candidate_urls: string[];
            websearch_candidate_link_in_bio_urls: string[];
            failed_websearch_candidate_link_in_bio_urls: string[];
            verified_websearch_candidate_urls: string[];
            failed_websearch_candidate_urls: string[];
            websearch_verification_partial: boolean;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        FindSocialProfilesResponse: {
            source: {
                platform: string;
                handle: string;
                url: string;
            };
            profiles: {
                platform: string;
                handle: string;
                url: string;
                confidence: number;
                evidence: ("source_profile" | "link_in_bio" | "verified_profile_link" | "same_handle_match" | "shared_website" | "website_link" | "websearch_match" | "display_name_match" | "reciprocal_profile_link" | "domain_handle" | "verified_field_link" | "paired_account" | "shared_link_page" | "shared_contact" | "creator_mention" | "second_account_marker" | "fan_marker" | "lookalike_handle" | "links_elsewhere" | "unconfirmed_link" | "unverified_field_link" | "website_credit" | "other_person" | "site_handle")[];
            }[];
            link_in_bio_urls: string[];
            expanded_website_urls: string[];
            source_linked_profile_urls: string[];
            failed_source_linked_profile_urls: string[];
            same_handle_candidate_urls: string[];
            partial: boolean;
            failed_link_in_bio_urls: string[];
            failed_website_urls: string[];
            same_handle_search_partial: boolean;
            websearch_used: boolean;
            websearch_failed: boolean;
            websearch_candidate_urls: string[];
            websearch_candidate_link_in_bio_urls: string[];
            failed_websearch_candidate_link_in_bio_urls: string[];
            verified_websearch_candidate_urls: string[];
            failed_websearch_candidate_urls: string[];
            websearch_verification_partial: boolean;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        ForumComment: {
            subreddit: string | null;
            subreddit_id: string | null;
            subreddit_name_prefixed: string | null;
            subreddit_type: string | null;
            body: string | null;
            body_html: string | null;
            author: string | null;
            author_fullname: string | null;
            name: string;
            id: string;
            parent_id: string | null;
            link_id: string | null;
            link_title: string | null;
            link_author: string | null;
            link_permalink: string | null;
            link_url: string | null;
            permalink: string | null;
            score: number | null;
            ups: number | null;
            downs: number | null;
            controversiality: number | null;
            num_comments: number | null;
            is_submitter: boolean | null;
            distinguished: string | null;
            score_hidden: boolean | null;
            gilded: number | null;
            total_awards_received: number | null;
            created: number | null;
            created_utc: number | null;
            edited: (number | boolean) | null;
            over_18: boolean | null;
            locked: boolean | null;
            stickied: boolean | null;
            archived: boolean | null;
            collapsed: boolean | null;
            created_at_iso: string | null;
        } & {
            [key: string]: unknown;
        };
        ForumCommentsPage: {
            /** @description Comments (t1), in the order asked for */
            comments: components["schemas"]["ForumComment"][];
            /** @description Pass unchanged as `after` for the next page; null on the last page */
            after: string | null;
        };
        ForumMoreComments: {
            /** @description How many comments Reddit did not send here */
            more: number;
            /** @description Ids of the first of them (base-36, without t1_); empty for a "continue this thread" link */
            ids: string[];
        };
        ForumPost: {
            subreddit: string | null;
            subreddit_name_prefixed: string | null;
            title: string | null;
            selftext: string | null;
            selftext_html: string | null;
            author: string | null;
            author_fullname: string | null;
            name: string;
            id: string;
            permalink: string | null;
            url: string | null;
            domain: string | null;
            score: number | null;
            ups: number | null;
            downs: number | null;
            upvote_ratio: number | null;
            num_comments: number | null;
            num_crossposts: number | null;
            created: number | null;
            created_utc: number | null;
            edited: (number | boolean) | null;
            over_18: boolean | null;
            spoiler: boolean | null;
            locked: boolean | null;
            stickied: boolean | null;
            archived: boolean | null;
            is_self: boolean | null;
            is_video: boolean | null;
            thumbnail: string | null;
            created_at_iso: string | null;
        } & {
            [key: string]: unknown;
        };
        ForumPostResponse: {
            post: components["schemas"]["ForumPost"];
            /** @description Top-level comments, each with its replies */
            comments: (components["schemas"]["ForumThreadComment"] | components["schemas"]["ForumMoreComments"])[];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        ForumPostsPage: {
            /** @description Posts (t3), in the order asked for */
            posts: components["schemas"]["ForumPost"][];
            /** @description Pass unchanged as `after` for the next page; null on the last page */
            after: string | null;
        };
        ForumSearchPage: {
            posts: (components["schemas"]["ForumPost"] | components["schemas"]["ForumComment"] | components["schemas"]["ForumTrimmedPost"] | components["schemas"]["ForumTrimmedComment"])[];
            after: string | null;
        };
        ForumSearchResponse: {
            posts: (components["schemas"]["ForumPost"] | components["schemas"]["ForumComment"] | components["schemas"]["ForumTrimmedPost"] | components["schemas"]["ForumTrimmedComment"])[];
            after: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        ForumSubreddit: {
            /** @description The name, as the subreddit spells it (AskReddit) */
            display_name: string;
            /** @description Base-36 id (the fullname is t5_<id>) */
            id: string | null;
            /** @description Fullname (t5_…) */
            name: string | null;
            /** @description r/<name> */
            display_name_prefixed: string | null;
            /** @description Title */
            title: string | null;
            /** @description Short description (Markdown) */
            public_description: string | null;
            /** @description Sidebar text (Markdown) */
            description: string | null;
            /** @description Members */
            subscribers: number | null;
            /** @description Users online, where Reddit still says */
            accounts_active: number | null;
            /** @description Unix seconds as Reddit sends it (older data: created_utc + 28800) */
            created: number | null;
            /** @description Creation, Unix seconds UTC */
            created_utc: number | null;
            /** @description public, restricted, private, gold_restricted, archived, employees_only or user */
            subreddit_type: string | null;
            /** @description Marked NSFW */
            over18: boolean | null;
            /** @description Quarantined */
            quarantine: boolean | null;
            /** @description Language code */
            lang: string | null;
            /** @description Path on www.reddit.com: /r/<name>/ */
            url: string | null;
            /** @description any, link or self */
            submission_type: string | null;
            /** @description Icon URL (older style), or empty */
            icon_img: string | null;
            /** @description Icon URL (newer style), or empty */
            community_icon: string | null;
            /** @description Banner URL, or empty */
            banner_img: string | null;
            /** @description Header image URL */
            header_img: string | null;
            /** @description created_utc as ISO 8601 */
            created_at_iso: string | null;
        } & {
            [key: string]: unknown;
        };
        ForumSubredditPage: {
            /** @description The subreddit's about fields; null when that (second) request failed */
            subreddit: components["schemas"]["ForumSubreddit"] | null;
            /** @description Posts (t3), in the order asked for */
            posts: components["schemas"]["ForumPost"][];
            /** @description Pass unchanged as `after` for the next page; null on the last page */
            after: string | null;
        };
        ForumSubredditResponse: {
            /** @description The subreddit's about fields; null when that (second) request failed */
            subreddit: components["schemas"]["ForumSubreddit"] | null;
            /** @description Posts (t3), in the order asked for */
            posts: components["schemas"]["ForumPost"][];
            /** @description Pass unchanged as `after` for the next page; null on the last page */
            after: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        ForumSubredditSearchResponse: {
            /** @description Posts (t3), in the order asked for */
            posts: components["schemas"]["ForumPost"][];
            /** @description Pass unchanged as `after` for the next page; null on the last page */
            after: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        ForumThread: {
            post: components["schemas"]["ForumPost"];
            /** @description Top-level comments, each with its replies */
            comments: (components["schemas"]["ForumThreadComment"] | components["schemas"]["ForumMoreComments"])[];
        };
        ForumThreadComment: {
            subreddit: string | null;
            subreddit_id: string | null;
            subreddit_name_prefixed: string | null;
            subreddit_type: string | null;
            /** @description Markdown */
            body: string | null;
            body_html: string | null;
            author: string | null;
            author_fullname: string | null;
            /** @description Fullname: t1_<id> */
            name: string;
            /** @description Base-36 id */
            id: string;
            /** @description Fullname of the parent: t1_ (a comment) or t3_ (the post) */
            parent_id: string | null;
            /** @description Fullname of the post (t3_…) */
            link_id: string | null;
            permalink: string | null;
            score: number | null;
            ups: number | null;
            downs: number | null;
            controversiality: number | null;
            /** @description The comment author is the post author */
            is_submitter: boolean | null;
            /** @description moderator, admin or null */
            distinguished: string | null;
            score_hidden: boolean | null;
            gilded: number | null;
            total_awards_received: number | null;
            created: number | null;
            /** @description Unix seconds, UTC */
            created_utc: number | null;
            /** @description `false`, or when it was edited (Unix seconds) */
            edited: (number | boolean) | null;
            locked: boolean | null;
            stickied: boolean | null;
            archived: boolean | null;
            collapsed: boolean | null;
            /** @description 0 for a top-level comment */
            depth: number | null;
            /** @description created_utc as ISO 8601 */
            created_at_iso: string | null;
            /** @description Replies, in Reddit's order; [] when none */
            replies: (components["schemas"]["ForumThreadComment"] | components["schemas"]["ForumMoreComments"])[];
        } & {
            [key: string]: unknown;
        };
        ForumTrimmedComment: {
            id: string;
            name: string;
            subreddit: string | null;
            subreddit_name_prefixed: string | null;
            body: string | null;
            author: string | null;
            permalink: string | null;
            link_id: string | null;
            link_title: string | null;
            parent_id: string | null;
            score: number | null;
            created_utc: number | null;
            created_at_iso: string | null;
            over_18: boolean | null;
        };
        ForumTrimmedPost: {
            id: string;
            name: string;
            subreddit: string | null;
            subreddit_name_prefixed: string | null;
            title: string | null;
            selftext: string | null;
            author: string | null;
            permalink: string | null;
            url: string | null;
            domain: string | null;
            score: number | null;
            upvote_ratio: number | null;
            num_comments: number | null;
            created_utc: number | null;
            created_at_iso: string | null;
            over_18: boolean | null;
            is_self: boolean | null;
            is_video: boolean | null;
        };
        ForumUser: {
            /** @description Base-36 id (the fullname is t2_<id>) */
            id: string | null;
            /** @description Unix seconds as Reddit sends it (older data: created_utc + 28800) */
            created: number | null;
            /** @description Account creation, Unix seconds UTC */
            created_utc: number | null;
            /** @description Post karma */
            link_karma: number | null;
            /** @description Comment karma */
            comment_karma: number | null;
            /** @description Total karma (link + comment + awardee + awarder; filled from those where Reddit sends none) */
            total_karma: number | null;
            /** @description Karma from awards received */
            awardee_karma: number | null;
            /** @description Karma from awards given */
            awarder_karma: number | null;
            /** @description Reddit marks the account verified */
            verified: boolean | null;
            /** @description The account has a verified e-mail address */
            has_verified_email: boolean | null;
            /** @description A Reddit employee (admin) account */
            is_employee: boolean | null;
            /** @description Moderates at least one subreddit */
            is_mod: boolean | null;
            /** @description Has Reddit Premium */
            is_gold: boolean | null;
            /** @description Avatar URL */
            icon_img: string | null;
            /** @description Username, as Reddit spells it */
            name: string;
            /** @description created_utc as ISO 8601 */
            created_at_iso: string | null;
            /** @description The user's profile (subreddit u_<name>): title is the display name, public_description the bio, subscribers the followers */
            subreddit: ({
                /** @description u_<name> */
                display_name: string | null;
                /** @description u/<name> */
                display_name_prefixed: string | null;
                /** @description Fullname of the profile subreddit (t5_…) */
                name: string | null;
                /** @description The profile's display name */
                title: string | null;
                /** @description The profile's bio (Markdown) */
                public_description: string | null;
                /** @description Longer description (Markdown); usually empty on profiles */
                description: string | null;
                /** @description Followers of the profile */
                subscribers: number | null;
                /** @description The profile is marked NSFW */
                over_18: boolean | null;
                /** @description Avatar URL */
                icon_img: string | null;
                /** @description Banner URL, or empty */
                banner_img: string | null;
                /** @description Path of the profile on www.reddit.com: /user/<name>/ */
                url: string | null;
                /** @description "user" for a profile */
                subreddit_type: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
        } & {
            [key: string]: unknown;
        };
        ForumUserCommentsResponse: {
            /** @description Comments (t1), in the order asked for */
            comments: components["schemas"]["ForumComment"][];
            /** @description Pass unchanged as `after` for the next page; null on the last page */
            after: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        ForumUserPostsResponse: {
            /** @description Posts (t3), in the order asked for */
            posts: components["schemas"]["ForumPost"][];
            /** @description Pass unchanged as `after` for the next page; null on the last page */
            after: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        ForumUserRecord: {
            user: components["schemas"]["ForumUser"];
        };
        ForumUserResponse: {
            user: components["schemas"]["ForumUser"];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        LinkpageAProfile: {
            id: string;
            firstName: string | null;
            lastName: string | null;
            username: string;
            verifiedAccount: number | null;
            bio: string | null;
            isAmbassador: number | null;
            friendStatus: number | null;
            profileVisitCount: string | null;
            isDefaultProfilePicture: boolean | null;
            profileImage: string | null;
            profileImageWebp: string | null;
            isPrivate: number | null;
            referralLink: string | null;
            deeplink: string | null;
            logo: string | null;
            logoMetaData: string | null;
            QRCode: string | null;
            webTheme: string | null;
            linkmeCustomIcon: string | null;
            cover: string | null;
            createdAt: string | null;
            updatedAt: string | null;
            stripeStatus: {
                tipsEnabled: number | null;
                stripeAccountId: string | null;
                stripeEnabled: boolean | null;
            } | null;
            killer: number | null;
            hideBottomButtons: number | null;
            customMailForm: number | null;
            hideAddToContacts: number | null;
            subscriptionFeature: string | null;
            showForm: boolean | null;
            subscriptionType: number | null;
            displayNameOption: string | null;
            trackingPixels: unknown[];
            isMuteEnable: number | null;
            totalLinks: number | null;
            chatID: string | null;
            infoLinks: {
                title: string | null;
                linkId: number | null;
                isCustom: boolean | null;
                links: {
                    webLinkId: number | null;
                    linkImage: string | null;
                    linkValue: string | null;
                    faceValue: string | null;
                    baseUrl?: string | null;
                    isCustom: boolean | null;
                    isAdult: boolean | null;
                }[];
            }[];
            businessInfo: {
                [key: string]: unknown;
            } | null;
            webLinks: {
                title: string | null;
                linkId: number | null;
                isCustom: boolean | null;
                links: {
                    webLinkId: number | null;
                    linkImage: string | null;
                    linkValue: string | null;
                    faceValue: string | null;
                    baseUrl?: string | null;
                    isCustom: boolean | null;
                    isAdult: boolean | null;
                }[];
            }[];
            customisedTheme: {
                verifiedIcon: string | null;
                backgroundColor: string | null;
                backgroundImage: string | null;
                mainTextColor: string | null;
                level1TextColor: string | null;
                level2TextColor: string | null;
                featuredLinkTitles: unknown;
                bioBackground: string | null;
                profilePicture: string | null;
                customFont: string | null;
            } | null;
            totalFollowers: number | null;
            sectionSettings: {
                [key: string]: {
                    enabled: boolean | null;
                    position: number | null;
                };
            };
            sectionVisibility: {
                section: string | null;
                order: number | null;
                enabled: number | null;
            }[];
        };
        LinkpageAProfileResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            profile: components["schemas"]["LinkpageAProfile"];
        };
        LinkpageBPage: {
            id: number;
            username: string;
            profilePictureUrl: string | null;
            description: string | null;
            verticals: string[];
            linkPlatforms: string[];
            timezone: string | null;
            links: {
                id: number | null;
                type: string;
                title: string;
                url: string;
            }[];
            email_address: string | null;
            "audio-a"?: string;
            "audio-b"?: string;
            "audio-c"?: string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b"?: string;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon?: string;
            shortvideo?: string;
            "social-a"?: string;
            "social-b"?: string;
            video?: string;
            professional?: string;
            twitch?: string;
            snapchat?: string;
            discord?: string;
            telegram?: string;
            whatsapp?: string;
            patreon?: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium?: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store?: string;
            google_app_store?: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
        };
        LinkpageBPageResponse: {
            id: number;
            username: string;
            profilePictureUrl: string | null;
            description: string | null;
            verticals: string[];
            linkPlatforms: string[];
            timezone: string | null;
            links: {
                id: number | null;
                type: string;
                title: string;
                url: string;
            }[];
            email_address: string | null;
            "audio-a"?: string;
            "audio-b"?: string;
            "audio-c"?: string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b"?: string;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon?: string;
            shortvideo?: string;
            "social-a"?: string;
            "social-b"?: string;
            video?: string;
            professional?: string;
            twitch?: string;
            snapchat?: string;
            discord?: string;
            telegram?: string;
            whatsapp?: string;
            patreon?: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium?: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store?: string;
            google_app_store?: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        LinkpageCPage: {
            id: string;
            username: string;
            avatar: string | null;
            bio: string | null;
            firstName: string | null;
            lastName: string | null;
            displayName: string | null;
            displayNameImage: string | null;
            website: string | null;
            links: {
                id: string | null;
                url: string;
                order: number | null;
                title: string | null;
                visible: boolean | null;
                moduleId: string | null;
                thumbnail: string | null;
                versionId: string | null;
                type: string;
                price?: number | null;
                currency?: string | null;
            }[];
            "audio-a"?: string;
            "audio-b"?: string;
            "audio-c"?: string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b"?: string;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon?: string;
            shortvideo?: string;
            "social-a"?: string;
            "social-b"?: string;
            video?: string;
            professional?: string;
            twitch?: string;
            snapchat?: string;
            discord?: string;
            telegram?: string;
            whatsapp?: string;
            patreon?: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium?: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store?: string;
            google_app_store?: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
        };
        LinkpageCPageResponse: {
            id: string;
            username: string;
            avatar: string | null;
            bio: string | null;
            firstName: string | null;
            lastName: string | null;
            displayName: string | null;
            displayNameImage: string | null;
            website: string | null;
            links: {
                id: string | null;
                url: string;
                order: number | null;
                title: string | null;
                visible: boolean | null;
                moduleId: string | null;
                thumbnail: string | null;
                versionId: string | null;
                type: string;
                price?: number | null;
                currency?: string | null;
            }[];
            "audio-a"?: string;
            "audio-b"?: string;
            "audio-c"?: string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b"?: string;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon?: string;
            shortvideo?: string;
            "social-a"?: string;
            "social-b"?: string;
            video?: string;
            professional?: string;
            twitch?: string;
            snapchat?: string;
            discord?: string;
            telegram?: string;
            whatsapp?: string;
            patreon?: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium?: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store?: string;
            google_app_store?: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        LinkpageDPage: {
            id: string;
            first_name: string | null;
            last_name: string | null;
            email_primary: string | null;
            email: string | null;
            location: string | null;
            links: {
                id: string | null;
                type: string;
                title: string;
                url: string;
                clicks: number | null;
                order: number | null;
            }[];
            products: {
                id: string | null;
                title: string | null;
                price: number | null;
                url: string | null;
                name: string | null;
                description: string | null;
                image: string | null;
            }[];
            "audio-a": string;
            "audio-b"?: string;
            "audio-c": string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b": string;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon: string;
            shortvideo: string;
            "social-a": string;
            "social-b": string;
            video: string;
            professional: string;
            twitch: string;
            snapchat: string;
            discord: string;
            telegram?: string;
            whatsapp?: string;
            patreon: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store: string;
            google_app_store: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
        };
        LinkpageDPageResponse: {
            id: string;
            first_name: string | null;
            last_name: string | null;
            email_primary: string | null;
            email: string | null;
            location: string | null;
            links: {
                id: string | null;
                type: string;
                title: string;
                url: string;
                clicks: number | null;
                order: number | null;
            }[];
            products: {
                id: string | null;
                title: string | null;
                price: number | null;
                url: string | null;
                name: string | null;
                description: string | null;
                image: string | null;
            }[];
            "audio-a": string;
            "audio-b"?: string;
            "audio-c": string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b": string;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon: string;
            shortvideo: string;
            "social-a": string;
            "social-b": string;
            video: string;
            professional: string;
            twitch: string;
            snapchat: string;
            discord: string;
            telegram?: string;
            whatsapp?: string;
            patreon: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store: string;
            google_app_store: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        LinkpageEPage: {
            handle: string;
            id: string;
            email: string | null;
            whatsapp: string | null;
            website: string | null;
            links: {
                url: string;
                text: string;
            }[];
            "audio-a"?: string;
            "audio-b"?: string;
            "audio-c"?: string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b": string | null;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon?: string;
            shortvideo: string | null;
            "social-a"?: string;
            "social-b": string | null;
            video: string | null;
            professional?: string;
            twitch?: string;
            snapchat?: string;
            discord?: string;
            telegram?: string;
            patreon?: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium?: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store?: string;
            google_app_store?: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
        };
        LinkpageEPageResponse: {
            handle: string;
            id: string;
            email: string | null;
            whatsapp: string | null;
            website: string | null;
            links: {
                url: string;
                text: string;
            }[];
            "audio-a"?: string;
            "audio-b"?: string;
            "audio-c"?: string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b": string | null;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon?: string;
            shortvideo: string | null;
            "social-a"?: string;
            "social-b": string | null;
            video: string | null;
            professional?: string;
            twitch?: string;
            snapchat?: string;
            discord?: string;
            telegram?: string;
            patreon?: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium?: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store?: string;
            google_app_store?: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        LivestreamChannel: {
            /** @description Channel id */
            id: number;
            user_id: number | null;
            /** @description The channel address: kick.com/<slug> */
            slug: string;
            is_banned: boolean | null;
            vod_enabled: boolean | null;
            subscription_enabled: boolean | null;
            /** @description Kick's verified badge */
            verified: boolean | null;
            can_host: boolean | null;
            followers_count: number | null;
            banner_image: {
                [key: string]: unknown;
            } | null;
            offline_banner_image: {
                [key: string]: unknown;
            } | null;
            /** @description The live session (`session_title`, `viewer_count`, `categories`…); null when offline */
            livestream: {
                [key: string]: unknown;
            } | null;
            recent_categories: {
                [key: string]: unknown;
            }[];
            subscriber_badges: {
                [key: string]: unknown;
            }[];
            /** @description The streamer's account: bio and the social links they set */
            user: {
                id: number | null;
                /** @description Display spelling of the channel name */
                username: string | null;
                /** @description Free text */
                bio: string | null;
                country: string | null;
                state: string | null;
                city: string | null;
                /** @description As the streamer typed it: a handle or a URL; "" or null when unset */
                instagram: string | null;
                twitter: string | null;
                youtube: string | null;
                discord: string | null;
                tiktok: string | null;
                facebook: string | null;
                profile_pic: string | null;
            } | null;
            /** @description Chat settings (`chat_mode`, `slow_mode`…) */
            chatroom: {
                [key: string]: unknown;
            } | null;
        };
        LivestreamChannelResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            channel: components["schemas"]["LivestreamChannel"];
        };
        LivestreamClip: {
            /** @description Clip id (`clip_…`) */
            id: string;
            /** @description The broadcast it was cut from */
            livestream_id: string | null;
            category_id: string | null;
            /** @description The channel's id: always the asked channel's */
            channel_id: number | null;
            /** @description The clipper's user id */
            user_id: number | null;
            title: string | null;
            /** @description The clip video (m3u8 or mp4) */
            clip_url: string | null;
            thumbnail_url: string | null;
            /** @description Length in seconds */
            duration: number | null;
            views: number | null;
            likes: number | null;
            created_at: string | null;
            is_mature: boolean | null;
            /** @description `{id, name, slug}`… */
            category: {
                [key: string]: unknown;
            } | null;
            /** @description Who made the clip */
            creator: {
                id: number | null;
                username: string | null;
                slug: string | null;
            } | null;
            /** @description The channel clipped: always the asked one */
            channel: {
                id: number | null;
                username: string | null;
                slug: string | null;
            } | null;
        };
        LivestreamClips: {
            /** @description The channel's clips in the order asked (`sort`, `time`) */
            clips: components["schemas"]["LivestreamClip"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        LivestreamClipsResponse: {
            /** @description The channel's clips in the order asked (`sort`, `time`) */
            clips: components["schemas"]["LivestreamClip"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        LivestreamVideo: {
            /** @description Livestream (broadcast) id; null from Kick's id-keyed list (2026), which names a broadcast by its video id (`video.uuid`) */
            id: number | null;
            slug: string | null;
            /** @description The channel's id: always the asked channel's */
            channel_id: number;
            session_title: string | null;
            created_at: string | null;
            start_time: string | null;
            /** @description Length in milliseconds */
            duration: number | null;
            /** @description Viewers when live */
            viewer_count: number | null;
            is_live: boolean | null;
            language: string | null;
            is_mature: boolean | null;
            /** @description `{src, srcset}` */
            thumbnail: {
                [key: string]: unknown;
            } | null;
            /** @description `{id, name, slug}`… */
            categories: {
                [key: string]: unknown;
            }[];
            /** @description The recording: `uuid` (its page), `views` */
            video: {
                id: number | null;
                /** @description The video id: its page https://kick.com/<slug>/videos/<uuid> */
                uuid: string | null;
                views: number | null;
                live_stream_id: number | null;
                created_at: string | null;
                updated_at: string | null;
            } | null;
            /** @description The recording's HLS playlist (m3u8) */
            source: string | null;
        };
        LivestreamVideos: {
            /** @description The channel's past broadcasts, as Kick lists them (newest first) */
            videos: components["schemas"]["LivestreamVideo"][];
        };
        LivestreamVideosResponse: {
            /** @description The channel's past broadcasts, as Kick lists them (newest first) */
            videos: components["schemas"]["LivestreamVideo"][];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogAAccount: {
            id: string;
            username: string | null;
            acct: string | null;
            display_name: string | null;
            locked: boolean | null;
            bot: boolean | null;
            discoverable: boolean | null;
            group: boolean | null;
            created_at: string | null;
            note: string | null;
            url: string | null;
            avatar: string | null;
            avatar_static: string | null;
            header: string | null;
            header_static: string | null;
            followers_count: number | null;
            following_count: number | null;
            statuses_count: number | null;
            last_status_at: string | null;
            verified: boolean | null;
            location: string | null;
            website: string | null;
            unauth_visibility: boolean | null;
            chats_onboarded: boolean | null;
            feeds_onboarded: boolean | null;
            accepting_messages: boolean | null;
            show_nonmember_group_statuses: boolean | null;
            emojis: {
                [key: string]: unknown;
            }[];
            fields: {
                [key: string]: unknown;
            }[];
            tv_onboarded: boolean | null;
            tv_account: boolean | null;
        };
        MicroblogAPost: {
            text: string | null;
            id: string;
            created_at: string | null;
            in_reply_to_id: string | null;
            quote_id: string | null;
            in_reply_to_account_id: string | null;
            sensitive: boolean | null;
            spoiler_text: string | null;
            visibility: string | null;
            language: string | null;
            uri: string | null;
            url: string | null;
            content: string | null;
            account: components["schemas"]["MicroblogAAccount"] | null;
            media_attachments: {
                id: string | null;
                type: string | null;
                url: string | null;
                preview_url: string | null;
                external_video_id: string | null;
                remote_url: string | null;
                preview_remote_url: string | null;
                text_url: string | null;
                meta: {
                    [key: string]: unknown;
                } | null;
                description: string | null;
                blurhash: string | null;
                processing: string | null;
            }[];
            mentions: {
                [key: string]: unknown;
            }[];
            tags: {
                [key: string]: unknown;
            }[];
            card: {
                [key: string]: unknown;
            } | null;
            group: {
                [key: string]: unknown;
            } | null;
            quote: components["schemas"]["MicroblogAPost"] | null;
            in_reply_to: components["schemas"]["MicroblogAPost"] | null;
            reblog: components["schemas"]["MicroblogAPost"] | null;
            sponsored: boolean | null;
            replies_count: number | null;
            reblogs_count: number | null;
            favourites_count: number | null;
            favourited: boolean | null;
            reblogged: boolean | null;
            muted: boolean | null;
            pinned: boolean | null;
            bookmarked: boolean | null;
            poll: {
                [key: string]: unknown;
            } | null;
            emojis: {
                [key: string]: unknown;
            }[];
        };
        MicroblogAPostResponse: {
            text: string | null;
            id: string;
            created_at: string | null;
            in_reply_to_id: string | null;
            quote_id: string | null;
            in_reply_to_account_id: string | null;
            sensitive: boolean | null;
            spoiler_text: string | null;
            visibility: string | null;
            language: string | null;
            uri: string | null;
            url: string | null;
            content: string | null;
            account: components["schemas"]["MicroblogAAccount"] | null;
            media_attachments: {
                id: string | null;
                type: string | null;
                url: string | null;
                preview_url: string | null;
                external_video_id: string | null;
                remote_url: string | null;
                preview_remote_url: string | null;
                text_url: string | null;
                meta: {
                    [key: string]: unknown;
                } | null;
                description: string | null;
                blurhash: string | null;
                processing: string | null;
            }[];
            mentions: {
                [key: string]: unknown;
            }[];
            tags: {
                [key: string]: unknown;
            }[];
            card: {
                [key: string]: unknown;
            } | null;
            group: {
                [key: string]: unknown;
            } | null;
            quote: components["schemas"]["MicroblogAPost"] | null;
            in_reply_to: components["schemas"]["MicroblogAPost"] | null;
            reblog: components["schemas"]["MicroblogAPost"] | null;
            sponsored: boolean | null;
            replies_count: number | null;
            reblogs_count: number | null;
            favourites_count: number | null;
            favourited: boolean | null;
            reblogged: boolean | null;
            muted: boolean | null;
            pinned: boolean | null;
            bookmarked: boolean | null;
            poll: {
                [key: string]: unknown;
            } | null;
            emojis: {
                [key: string]: unknown;
            }[];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogAPostsPage: {
            /** @description Public posts, newest first */
            posts: components["schemas"]["MicroblogAPost"][];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogAPostsResponse: {
            /** @description Public posts, newest first */
            posts: components["schemas"]["MicroblogAPost"][];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogAProfile: {
            id: string;
            username: string | null;
            acct: string | null;
            display_name: string | null;
            locked: boolean | null;
            bot: boolean | null;
            discoverable: boolean | null;
            group: boolean | null;
            created_at: string | null;
            note: string | null;
            url: string | null;
            avatar: string | null;
            avatar_static: string | null;
            header: string | null;
            header_static: string | null;
            followers_count: number | null;
            following_count: number | null;
            statuses_count: number | null;
            last_status_at: string | null;
            verified: boolean | null;
            location: string | null;
            website: string | null;
            unauth_visibility: boolean | null;
            chats_onboarded: boolean | null;
            feeds_onboarded: boolean | null;
            accepting_messages: boolean | null;
            show_nonmember_group_statuses: boolean | null;
            emojis: {
                [key: string]: unknown;
            }[];
            fields: {
                [key: string]: unknown;
            }[];
            tv_onboarded: boolean | null;
            tv_account: boolean | null;
            bookmarks_onboarded: boolean | null;
            receive_only_follow_mentions: boolean | null;
            pleroma: {
                accepts_chat_messages: boolean | null;
            } | null;
        };
        MicroblogAProfileResponse: {
            id: string;
            username: string | null;
            acct: string | null;
            display_name: string | null;
            locked: boolean | null;
            bot: boolean | null;
            discoverable: boolean | null;
            group: boolean | null;
            created_at: string | null;
            note: string | null;
            url: string | null;
            avatar: string | null;
            avatar_static: string | null;
            header: string | null;
            header_static: string | null;
            followers_count: number | null;
            following_count: number | null;
            statuses_count: number | null;
            last_status_at: string | null;
            verified: boolean | null;
            location: string | null;
            website: string | null;
            unauth_visibility: boolean | null;
            chats_onboarded: boolean | null;
            feeds_onboarded: boolean | null;
            accepting_messages: boolean | null;
            show_nonmember_group_statuses: boolean | null;
            emojis: {
                [key: string]: unknown;
            }[];
            fields: {
                [key: string]: unknown;
            }[];
            tv_onboarded: boolean | null;
            tv_account: boolean | null;
            bookmarks_onboarded: boolean | null;
            receive_only_follow_mentions: boolean | null;
            pleroma: {
                accepts_chat_messages: boolean | null;
            } | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description A public microblog-b account */
        MicroblogBProfile: {
            /** @description The account's user object, in the shape a tweet carries its author (core.user_results.result): the api.md `legacy` block filled from either era */
            user: {
                __typename: string;
                id: string | null;
                rest_id: string;
                affiliates_highlighted_label: {
                    [key: string]: unknown;
                } | null;
                is_blue_verified: boolean | null;
                profile_image_shape: string | null;
                legacy: {
                    created_at: string | null;
                    default_profile: boolean | null;
                    default_profile_image: boolean | null;
                    description: string | null;
                    entities: {
                        description: {
                            urls: ({
                                display_url?: string;
                                expanded_url?: string;
                                url?: string;
                                indices?: number[];
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                        url: {
                            urls: ({
                                display_url?: string;
                                expanded_url?: string;
                                url?: string;
                                indices?: number[];
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    fast_followers_count: number | null;
                    favourites_count: number | null;
                    followers_count: number | null;
                    friends_count: number | null;
                    has_custom_timelines: boolean | null;
                    is_translator: boolean | null;
                    listed_count: number | null;
                    location: string | null;
                    media_count: number | null;
                    name: string | null;
                    normal_followers_count: number | null;
                    pinned_tweet_ids_str: string[] | null;
                    possibly_sensitive: boolean | null;
                    profile_banner_url: string | null;
                    profile_image_url_https: string | null;
                    profile_interstitial_type: string | null;
                    protected: boolean | null;
                    screen_name: string;
                    statuses_count: number | null;
                    translator_type: string | null;
                    url: string | null;
                    verified: boolean | null;
                    verified_type: string | null;
                    withheld_in_countries: string[] | null;
                } & {
                    [key: string]: unknown;
                };
                professional: {
                    [key: string]: unknown;
                } | null;
                tipjar_settings: {
                    [key: string]: unknown;
                } | null;
            } & {
                [key: string]: unknown;
            };
        };
        MicroblogBProfileResponse: {
            /** @description The account's user object, in the shape a tweet carries its author (core.user_results.result): the api.md `legacy` block filled from either era */
            user: {
                __typename: string;
                id: string | null;
                rest_id: string;
                affiliates_highlighted_label: {
                    [key: string]: unknown;
                } | null;
                is_blue_verified: boolean | null;
                profile_image_shape: string | null;
                legacy: {
                    created_at: string | null;
                    default_profile: boolean | null;
                    default_profile_image: boolean | null;
                    description: string | null;
                    entities: {
                        description: {
                            urls: ({
                                display_url?: string;
                                expanded_url?: string;
                                url?: string;
                                indices?: number[];
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                        url: {
                            urls: ({
                                display_url?: string;
                                expanded_url?: string;
                                url?: string;
                                indices?: number[];
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    fast_followers_count: number | null;
                    favourites_count: number | null;
                    followers_count: number | null;
                    friends_count: number | null;
                    has_custom_timelines: boolean | null;
                    is_translator: boolean | null;
                    listed_count: number | null;
                    location: string | null;
                    media_count: number | null;
                    name: string | null;
                    normal_followers_count: number | null;
                    pinned_tweet_ids_str: string[] | null;
                    possibly_sensitive: boolean | null;
                    profile_banner_url: string | null;
                    profile_image_url_https: string | null;
                    profile_interstitial_type: string | null;
                    protected: boolean | null;
                    screen_name: string;
                    statuses_count: number | null;
                    translator_type: string | null;
                    url: string | null;
                    verified: boolean | null;
                    verified_type: string | null;
                    withheld_in_countries: string[] | null;
                } & {
                    [key: string]: unknown;
                };
                professional: {
                    [key: string]: unknown;
                } | null;
                tipjar_settings: {
                    [key: string]: unknown;
                } | null;
            } & {
                [key: string]: unknown;
            };
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogBTrimmedTweet: {
            __typename: string;
            rest_id: string;
            views: {
                count: string | null;
                state: string | null;
            } | null;
            core: {
                user_results: {
                    result: {
                        __typename: string;
                        rest_id: string;
                        is_blue_verified: boolean | null;
                        legacy: {
                            screen_name: string;
                            name: string | null;
                            profile_image_url_https: string | null;
                            followers_count: number | null;
                            verified: boolean | null;
                        };
                    };
                };
            };
            legacy: {
                created_at: string | null;
                full_text: string | null;
                lang: string | null;
                conversation_id_str: string | null;
                favorite_count: number | null;
                retweet_count: number | null;
                reply_count: number | null;
                quote_count: number | null;
                bookmark_count: number | null;
                user_id_str: string | null;
                id_str: string;
            };
        };
        MicroblogBTweet: {
            __typename: string;
            rest_id: string;
            core: {
                user_results: {
                    result: {
                        __typename: string;
                        id: string | null;
                        rest_id: string;
                        affiliates_highlighted_label: {
                            [key: string]: unknown;
                        } | null;
                        is_blue_verified: boolean | null;
                        profile_image_shape: string | null;
                        legacy: {
                            created_at: string | null;
                            default_profile: boolean | null;
                            default_profile_image: boolean | null;
                            description: string | null;
                            entities: {
                                description: {
                                    urls: ({
                                        display_url?: string;
                                        expanded_url?: string;
                                        url?: string;
                                        indices?: number[];
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                } & {
                                    [key: string]: unknown;
                                };
                                url: {
                                    urls: ({
                                        display_url?: string;
                                        expanded_url?: string;
                                        url?: string;
                                        indices?: number[];
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                } & {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            fast_followers_count: number | null;
                            favourites_count: number | null;
                            followers_count: number | null;
                            friends_count: number | null;
                            has_custom_timelines: boolean | null;
                            is_translator: boolean | null;
                            listed_count: number | null;
                            location: string | null;
                            media_count: number | null;
                            name: string | null;
                            normal_followers_count: number | null;
                            pinned_tweet_ids_str: string[] | null;
                            possibly_sensitive: boolean | null;
                            profile_banner_url: string | null;
                            profile_image_url_https: string | null;
                            profile_interstitial_type: string | null;
                            protected: boolean | null;
                            screen_name: string;
                            statuses_count: number | null;
                            translator_type: string | null;
                            url: string | null;
                            verified: boolean | null;
                            verified_type: string | null;
                            withheld_in_countries: string[] | null;
                        } & {
                            [key: string]: unknown;
                        };
                        professional: {
                            [key: string]: unknown;
                        } | null;
                        tipjar_settings: {
                            [key: string]: unknown;
                        } | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            edit_control: {
                edit_tweet_ids: string[] | null;
                editable_until_msecs: string | null;
                is_edit_eligible: boolean | null;
                edits_remaining: string | null;
            } | null;
            is_translatable: boolean | null;
            unmention_data: {
                [key: string]: unknown;
            } | null;
            views: {
                count: string | null;
                state: string | null;
            } | null;
            source: string | null;
            legacy: {
                bookmark_count: number | null;
                bookmarked: boolean | null;
                created_at: string | null;
                conversation_id_str: string | null;
                display_text_range: number[] | null;
                entities: {
                    hashtags: {
                        [key: string]: unknown;
                    }[];
                    symbols: {
                        [key: string]: unknown;
                    }[];
                    timestamps: {
                        [key: string]: unknown;
                    }[];
                    urls: ({
                        display_url?: string;
                        expanded_url?: string;
                        url?: string;
                        indices?: number[];
                    } & {
                        [key: string]: unknown;
                    })[];
                    user_mentions: {
                        [key: string]: unknown;
                    }[];
                    media?: unknown;
                } & {
                    [key: string]: unknown;
                };
                favorite_count: number | null;
                favorited: boolean | null;
                full_text: string | null;
                is_quote_status: boolean | null;
                lang: string | null;
                possibly_sensitive: boolean | null;
                quote_count: number | null;
                reply_count: number | null;
                retweet_count: number | null;
                retweeted: boolean | null;
                user_id_str: string | null;
                id_str: string;
                in_reply_to_status_id_str?: unknown;
                in_reply_to_screen_name?: unknown;
                quoted_status_id_str?: unknown;
                extended_entities?: unknown;
            } & {
                [key: string]: unknown;
            };
            card?: unknown;
        } & {
            [key: string]: unknown;
        };
        MicroblogBTweetResponse: ({
            __typename: string;
            rest_id: string;
            core: {
                user_results: {
                    result: {
                        __typename: string;
                        id: string | null;
                        rest_id: string;
                        affiliates_highlighted_label: {
                            [key: string]: unknown;
                        } | null;
                        is_blue_verified: boolean | null;
                        profile_image_shape: string | null;
                        legacy: {
                            created_at: string | null;
                            default_profile: boolean | null;
                            default_profile_image: boolean | null;
                            description: string | null;
                            entities: {
                                description: {
                                    urls: ({
                                        display_url?: string;
                                        expanded_url?: string;
                                        url?: string;
                                        indices?: number[];
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                } & {
                                    [key: string]: unknown;
                                };
                                url: {
                                    urls: ({
                                        display_url?: string;
                                        expanded_url?: string;
                                        url?: string;
                                        indices?: number[];
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                } & {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                            fast_followers_count: number | null;
                            favourites_count: number | null;
                            followers_count: number | null;
                            friends_count: number | null;
                            has_custom_timelines: boolean | null;
                            is_translator: boolean | null;
                            listed_count: number | null;
                            location: string | null;
                            media_count: number | null;
                            name: string | null;
                            normal_followers_count: number | null;
                            pinned_tweet_ids_str: string[] | null;
                            possibly_sensitive: boolean | null;
                            profile_banner_url: string | null;
                            profile_image_url_https: string | null;
                            profile_interstitial_type: string | null;
                            protected: boolean | null;
                            screen_name: string;
                            statuses_count: number | null;
                            translator_type: string | null;
                            url: string | null;
                            verified: boolean | null;
                            verified_type: string | null;
                            withheld_in_countries: string[] | null;
                        } & {
                            [key: string]: unknown;
                        };
                        professional: {
                            [key: string]: unknown;
                        } | null;
                        tipjar_settings: {
                            [key: string]: unknown;
                        } | null;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            edit_control: {
                edit_tweet_ids: string[] | null;
                editable_until_msecs: string | null;
                is_edit_eligible: boolean | null;
                edits_remaining: string | null;
            } | null;
            is_translatable: boolean | null;
            unmention_data: {
                [key: string]: unknown;
            } | null;
            views: {
                count: string | null;
                state: string | null;
            } | null;
            source: string | null;
            legacy: {
                bookmark_count: number | null;
                bookmarked: boolean | null;
                created_at: string | null;
                conversation_id_str: string | null;
                display_text_range: number[] | null;
                entities: {
                    hashtags: {
                        [key: string]: unknown;
                    }[];
                    symbols: {
                        [key: string]: unknown;
                    }[];
                    timestamps: {
                        [key: string]: unknown;
                    }[];
                    urls: ({
                        display_url?: string;
                        expanded_url?: string;
                        url?: string;
                        indices?: number[];
                    } & {
                        [key: string]: unknown;
                    })[];
                    user_mentions: {
                        [key: string]: unknown;
                    }[];
                    media?: unknown;
                } & {
                    [key: string]: unknown;
                };
                favorite_count: number | null;
                favorited: boolean | null;
                full_text: string | null;
                is_quote_status: boolean | null;
                lang: string | null;
                possibly_sensitive: boolean | null;
                quote_count: number | null;
                reply_count: number | null;
                retweet_count: number | null;
                retweeted: boolean | null;
                user_id_str: string | null;
                id_str: string;
                in_reply_to_status_id_str?: unknown;
                in_reply_to_screen_name?: unknown;
                quoted_status_id_str?: unknown;
                extended_entities?: unknown;
            } & {
                [key: string]: unknown;
            };
            card?: unknown;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        } & {
            [key: string]: unknown;
        }) | {
            __typename: string;
            rest_id: string;
            views: {
                count: string | null;
                state: string | null;
            } | null;
            core: {
                user_results: {
                    result: {
                        __typename: string;
                        rest_id: string;
                        is_blue_verified: boolean | null;
                        legacy: {
                            screen_name: string;
                            name: string | null;
                            profile_image_url_https: string | null;
                            followers_count: number | null;
                            verified: boolean | null;
                        };
                    };
                };
            };
            legacy: {
                created_at: string | null;
                full_text: string | null;
                lang: string | null;
                conversation_id_str: string | null;
                favorite_count: number | null;
                retweet_count: number | null;
                reply_count: number | null;
                quote_count: number | null;
                bookmark_count: number | null;
                user_id_str: string | null;
                id_str: string;
            };
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogCPost: {
            id: string;
            pk: string;
            user: ({
                friendship_status: {
                    [key: string]: unknown;
                } | null;
                pk: string | null;
                profile_pic_url: string | null;
                username: string | null;
                id: string | null;
                is_verified: boolean | null;
                text_post_app_is_private: boolean | null;
                has_onboarded_to_text_post_app: boolean | null;
            } & {
                [key: string]: unknown;
            }) | null;
            text_post_app_info: ({
                text_fragments: ({
                    fragments: ({
                        fragment_type: string | null;
                        plaintext: string | null;
                    } & {
                        [key: string]: unknown;
                    })[];
                } & {
                    [key: string]: unknown;
                }) | null;
                reshare_count: number | null;
                direct_reply_count: number | null;
                repost_count: number | null;
                quote_count: number | null;
                share_info: {
                    [key: string]: unknown;
                } | null;
                reply_control: string | null;
                is_reply: boolean | null;
            } & {
                [key: string]: unknown;
            }) | null;
            caption: ({
                text: string | null;
                pk: string | null;
                has_translation: boolean | null;
            } & {
                [key: string]: unknown;
            }) | null;
            code: string | null;
            image_versions2: ({
                candidates: ({
                    url: string | null;
                    width: number | null;
                    height: number | null;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            }) | null;
            original_height: number | null;
            original_width: number | null;
            media_type: number | null;
            like_count: number | null;
            taken_at: number | null;
            organic_tracking_token: string | null;
        } & {
            [key: string]: unknown;
        };
        /** @description A public microblog-c account */
        MicroblogCProfile: {
            /** @description Threads' user object; members beyond the listed ones pass through unchanged */
            user: {
                /** @description The account's numeric id, as a string; null where only the page's og: tags named the profile */
                pk: string | null;
                /** @description The @name (an Instagram username) */
                username: string;
                /** @description Display name ("" when none) */
                full_name: string | null;
                /** @description Bio ("" when none) */
                biography: string | null;
                /** @description Links in the profile, the first being its website field */
                bio_links: ({
                    /** @description The link ("" where Threads keeps an empty entry) */
                    url: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                follower_count: number | null;
                is_verified: boolean | null;
                /** @description A private account: its header is public, its posts are not read */
                is_private: boolean | null;
                profile_pic_url: string | null;
            } & {
                [key: string]: unknown;
            };
        };
        MicroblogCProfileResponse: {
            /** @description Threads' user object; members beyond the listed ones pass through unchanged */
            user: {
                /** @description The account's numeric id, as a string; null where only the page's og: tags named the profile */
                pk: string | null;
                /** @description The @name (an Instagram username) */
                username: string;
                /** @description Display name ("" when none) */
                full_name: string | null;
                /** @description Bio ("" when none) */
                biography: string | null;
                /** @description Links in the profile, the first being its website field */
                bio_links: ({
                    /** @description The link ("" where Threads keeps an empty entry) */
                    url: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                follower_count: number | null;
                is_verified: boolean | null;
                /** @description A private account: its header is public, its posts are not read */
                is_private: boolean | null;
                profile_pic_url: string | null;
            } & {
                [key: string]: unknown;
            };
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogCSearchResponse: {
            posts: (components["schemas"]["MicroblogCPost"] | components["schemas"]["MicroblogCTrimmedPost"])[];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogCSearchResult: {
            posts: (components["schemas"]["MicroblogCPost"] | components["schemas"]["MicroblogCTrimmedPost"])[];
        };
        MicroblogCTrimmedPost: {
            id: string;
            pk: string;
            code: string | null;
            user: {
                pk: string | null;
                id: string | null;
                username: string | null;
                is_verified: boolean | null;
                profile_pic_url: string | null;
            } | null;
            caption: {
                text: string | null;
            } | null;
            text_post_app_info: {
                direct_reply_count: number | null;
                repost_count: number | null;
                quote_count: number | null;
                reshare_count: number | null;
                is_reply: boolean | null;
                reply_control: string | null;
            } | null;
            media_type: number | null;
            like_count: number | null;
            taken_at: number | null;
        };
        MicroblogDActor: {
            /** @description The account's DID (`did:plc:…` or `did:web:…`): its permanent identity */
            did: string;
            /** @description Current handle (a domain name). `handle.invalid` when Bluesky could not verify it; a handle outside bsky.social is proven by its domain */
            handle: string | null;
            /** @description Display name; null when unset */
            displayName: string | null;
            /** @description Avatar image URL; null when unset */
            avatar: string | null;
            /** @description Counts of lists, feeds and starter packs, chat settings; null when not sent */
            associated: {
                [key: string]: unknown;
            } | null;
            /** @description Moderation labels on the account or post (com.atproto.label.defs#label), as sent */
            labels: {
                [key: string]: unknown;
            }[];
            /** @description When the account was created (ISO 8601) */
            createdAt: string | null;
        };
        MicroblogDFeedItem: {
            post: components["schemas"]["MicroblogDPost"];
            /** @description For a reply: its `root` and `parent` posts as the AppView sends them; null otherwise */
            reply: {
                [key: string]: unknown;
            } | null;
            /** @description Why the item is in the author's feed when it is not simply their post; null otherwise */
            reason: {
                /** @description `app.bsky.feed.defs#reasonRepost` (a repost by `by`) or `#reasonPin` (the pinned post) */
                $type: string | null;
                /** @description Who reposted; null for a pin */
                by: components["schemas"]["MicroblogDActor"] | null;
                indexedAt: string | null;
            } | null;
        };
        MicroblogDFollowersPage: {
            subject: components["schemas"]["MicroblogDProfileView"];
            /** @description Accounts following the subject, most recent follow first (at most 100) */
            followers: components["schemas"]["MicroblogDProfileView"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogDFollowersResponse: {
            subject: components["schemas"]["MicroblogDProfileView"];
            /** @description Accounts following the subject, most recent follow first (at most 100) */
            followers: components["schemas"]["MicroblogDProfileView"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogDFollowsPage: {
            subject: components["schemas"]["MicroblogDProfileView"];
            /** @description Accounts the subject follows, most recent follow first (at most 100) */
            follows: components["schemas"]["MicroblogDProfileView"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogDFollowsResponse: {
            subject: components["schemas"]["MicroblogDProfileView"];
            /** @description Accounts the subject follows, most recent follow first (at most 100) */
            follows: components["schemas"]["MicroblogDProfileView"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogDLike: {
            /** @description Who liked the post */
            actor: components["schemas"]["MicroblogDProfileView"];
            /** @description When the like says it was made (its record, ISO 8601) */
            createdAt: string | null;
            /** @description When the AppView indexed the like */
            indexedAt: string | null;
        };
        MicroblogDPost: {
            /** @description AT URI of the post (`at://<did>/app.bsky.feed.post/<rkey>`): its identity */
            uri: string;
            /** @description Content hash of this version of the post */
            cid: string | null;
            /** @description The author; null when the post carries none readable */
            author: components["schemas"]["MicroblogDActor"] | null;
            record: ({
                /** @description Post text */
                text: string | null;
                /** @description When the author says it was written (ISO 8601, sometimes with microseconds) */
                createdAt: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description The hydrated embed (images, external link card, quoted post…); null when none */
            embed: {
                [key: string]: unknown;
            } | null;
            replyCount: number | null;
            repostCount: number | null;
            likeCount: number | null;
            quoteCount: number | null;
            /** @description When the AppView indexed the post */
            indexedAt: string | null;
            /** @description Moderation labels on the account or post (com.atproto.label.defs#label), as sent */
            labels: {
                [key: string]: unknown;
            }[];
        };
        MicroblogDPostLikesPage: {
            /** @description AT URI of the post (`at://<did>/app.bsky.feed.post/<rkey>`, its author's DID): the post asked for */
            uri: string;
            /** @description Likes of the post, most recent first (at most 100) */
            likes: components["schemas"]["MicroblogDLike"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogDPostLikesResponse: {
            /** @description AT URI of the post (`at://<did>/app.bsky.feed.post/<rkey>`, its author's DID): the post asked for */
            uri: string;
            /** @description Likes of the post, most recent first (at most 100) */
            likes: components["schemas"]["MicroblogDLike"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogDPostRepostsPage: {
            /** @description AT URI of the post (`at://<did>/app.bsky.feed.post/<rkey>`, its author's DID): the post asked for */
            uri: string;
            /** @description Accounts that reposted the post, most recent first (at most 100) */
            repostedBy: components["schemas"]["MicroblogDProfileView"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogDPostRepostsResponse: {
            /** @description AT URI of the post (`at://<did>/app.bsky.feed.post/<rkey>`, its author's DID): the post asked for */
            uri: string;
            /** @description Accounts that reposted the post, most recent first (at most 100) */
            repostedBy: components["schemas"]["MicroblogDProfileView"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogDPostResponse: {
            /** @description The post asked for */
            post: components["schemas"]["MicroblogDPost"];
            /** @description The post it answers, each with its own parent up to the root; null for a root post */
            parent: components["schemas"]["MicroblogDThreadParent"] | null;
            /** @description Its replies, each with its own, as deep as `depth` */
            replies: components["schemas"]["MicroblogDThreadReply"][];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogDPostsPage: {
            /** @description The author's posts and reposts, newest first */
            posts: components["schemas"]["MicroblogDFeedItem"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogDPostsResponse: {
            /** @description The author's posts and reposts, newest first */
            posts: components["schemas"]["MicroblogDFeedItem"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogDProfile: {
            /** @description The account's DID (`did:plc:…` or `did:web:…`): its permanent identity */
            did: string;
            /** @description Current handle (a domain name). `handle.invalid` when Bluesky could not verify it; a handle outside bsky.social is proven by its domain */
            handle: string | null;
            /** @description Display name; null when unset */
            displayName: string | null;
            /** @description Avatar image URL; null when unset */
            avatar: string | null;
            /** @description Counts of lists, feeds and starter packs, chat settings; null when not sent */
            associated: {
                [key: string]: unknown;
            } | null;
            /** @description Moderation labels on the account or post (com.atproto.label.defs#label), as sent */
            labels: {
                [key: string]: unknown;
            }[];
            /** @description When the account was created (ISO 8601) */
            createdAt: string | null;
            /** @description Bio text (plain text, links as written); null when unset */
            description: string | null;
            /** @description The website the account declares on its profile (a URI, as sent); null when unset or not sent (answers before the field's 2025 addition) */
            website: string | null;
            /** @description The pronouns the account states on its profile, as written ("she/her"); null when unset or not sent (answers before the field's 2025 addition) */
            pronouns: string | null;
            /** @description Banner image URL; null when unset */
            banner: string | null;
            /** @description Followers */
            followersCount: number | null;
            /** @description Accounts followed */
            followsCount: number | null;
            /** @description Posts */
            postsCount: number | null;
            /** @description When the AppView last indexed the profile record */
            indexedAt: string | null;
            /** @description The pinned post reference (`uri`, `cid`); null when none */
            pinnedPost: {
                [key: string]: unknown;
            } | null;
            /** @description Bluesky's blue-check verification state; null when the AppView sends none */
            verification: {
                [key: string]: unknown;
            } | null;
        };
        MicroblogDProfileResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            profile: components["schemas"]["MicroblogDProfile"];
        };
        MicroblogDProfileSearch: {
            /** @description Accounts whose handle or name matches, best first (at most 10) */
            profiles: components["schemas"]["MicroblogDActor"][];
        };
        MicroblogDProfileSearchResponse: {
            /** @description Accounts whose handle or name matches, best first (at most 10) */
            profiles: components["schemas"]["MicroblogDActor"][];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogDProfileView: {
            /** @description The account's DID (`did:plc:…` or `did:web:…`): its permanent identity */
            did: string;
            /** @description Current handle (a domain name). `handle.invalid` when Bluesky could not verify it; a handle outside bsky.social is proven by its domain */
            handle: string | null;
            /** @description Display name; null when unset */
            displayName: string | null;
            /** @description Avatar image URL; null when unset */
            avatar: string | null;
            /** @description Counts of lists, feeds and starter packs, chat settings; null when not sent */
            associated: {
                [key: string]: unknown;
            } | null;
            /** @description Moderation labels on the account or post (com.atproto.label.defs#label), as sent */
            labels: {
                [key: string]: unknown;
            }[];
            /** @description When the account was created (ISO 8601) */
            createdAt: string | null;
            /** @description Bio text (plain text, links as written); null when unset */
            description: string | null;
            /** @description When the AppView last indexed the profile record; null when not sent */
            indexedAt: string | null;
        };
        MicroblogDSearchPage: {
            /** @description Posts matching the query, as Bluesky ranks them */
            posts: components["schemas"]["MicroblogDPost"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogDSearchResponse: {
            /** @description Posts matching the query, as Bluesky ranks them */
            posts: components["schemas"]["MicroblogDPost"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogDThread: {
            /** @description The post asked for */
            post: components["schemas"]["MicroblogDPost"];
            /** @description The post it answers, each with its own parent up to the root; null for a root post */
            parent: components["schemas"]["MicroblogDThreadParent"] | null;
            /** @description Its replies, each with its own, as deep as `depth` */
            replies: components["schemas"]["MicroblogDThreadReply"][];
        };
        MicroblogDThreadParent: {
            /**
             * @description `app.bsky.feed.defs#threadViewPost` (a post: `post` is set), `#notFoundPost` (deleted or never indexed) or `#blockedPost` (hidden by a block between accounts): a stub, `post` null
             * @enum {string}
             */
            $type: "app.bsky.feed.defs#threadViewPost" | "app.bsky.feed.defs#notFoundPost" | "app.bsky.feed.defs#blockedPost";
            /** @description AT URI of the post (a stub carries its URI only) */
            uri: string;
            /** @description The post; null for a stub */
            post: components["schemas"]["MicroblogDPost"] | null;
            /** @description The author's DID: the post's, or a blocked post's as the AppView sends it; null for a not-found stub */
            authorDid: string | null;
            /** @description This post's own parent; null at the thread's root (or a stub) */
            parent: components["schemas"]["MicroblogDThreadParent"] | null;
        };
        MicroblogDThreadReply: {
            /**
             * @description `app.bsky.feed.defs#threadViewPost` (a post: `post` is set), `#notFoundPost` (deleted or never indexed) or `#blockedPost` (hidden by a block between accounts): a stub, `post` null
             * @enum {string}
             */
            $type: "app.bsky.feed.defs#threadViewPost" | "app.bsky.feed.defs#notFoundPost" | "app.bsky.feed.defs#blockedPost";
            /** @description AT URI of the post (a stub carries its URI only) */
            uri: string;
            /** @description The post; null for a stub */
            post: components["schemas"]["MicroblogDPost"] | null;
            /** @description The author's DID: the post's, or a blocked post's as the AppView sends it; null for a not-found stub */
            authorDid: string | null;
            /** @description Its own replies as the AppView ranks them; [] at the depth asked (see `replyCount`), for a stub, or when none */
            replies: components["schemas"]["MicroblogDThreadReply"][];
        };
        MicroblogEAccount: {
            /** @description The account's id on the server that answered */
            id: string;
            /** @description Username, without the server */
            username: string | null;
            /** @description `username` for an account of the server that answered, `username@server` for a remote one */
            acct: string | null;
            display_name: string | null;
            /** @description Follow requests are approved by hand */
            locked: boolean | null;
            bot: boolean | null;
            group: boolean | null;
            /** @description Listed in the server directory; null when the account never chose */
            discoverable: boolean | null;
            /** @description Public posts may be indexed for search; null on servers before Mastodon 4.2 */
            indexable: boolean | null;
            /** @description Account creation date (Mastodon rounds it to the day) */
            created_at: string | null;
            /** @description Bio as HTML */
            note: string | null;
            /** @description Profile page on the account's own server */
            url: string | null;
            /** @description ActivityPub id */
            uri: string | null;
            avatar: string | null;
            avatar_static: string | null;
            /** @description Header image (`…/missing.png` when none) */
            header: string | null;
            header_static: string | null;
            followers_count: number | null;
            following_count: number | null;
            statuses_count: number | null;
            /** @description Date of the last post (day precision) */
            last_status_at: string | null;
            /** @description The account hides whom it follows and who follows it (the server answers others an empty list); null where the server does not say */
            hide_collections: boolean | null;
            /** @description Custom emoji used in the name and bio */
            emojis: {
                [key: string]: unknown;
            }[];
            /** @description Profile metadata: up to 4 (server-configurable) label/value pairs */
            fields: {
                /** @description Label, as the account wrote it */
                name: string | null;
                /** @description Value as HTML (a link is an `<a href>`) */
                value: string | null;
                /** @description When the server last confirmed the linked page links back to this profile with rel="me"; null when not verified */
                verified_at: string | null;
            }[];
            /** @description The account this one moved to; null when it has not */
            moved: {
                [key: string]: unknown;
            } | null;
        };
        MicroblogEFavouritedByPage: {
            /** @description The status asked for (public or unlisted), read by this call */
            post: components["schemas"]["MicroblogEInteractionPost"];
            /** @description Accounts that favourited it, most recent first (at most 80), as the server has them (a remote account's `acct` is `username@server`) */
            accounts: components["schemas"]["MicroblogEAccount"][];
            /** @description Pass unchanged as `cursor` (with the same url) for the next page; null at the end (no `rel="next"` Link) */
            cursor: string | null;
        };
        MicroblogEFollowersPage: {
            /** @description The account asked for: its profile record (`/v1/microblog-e/profile`), looked up by this call */
            account: components["schemas"]["MicroblogEAccount"];
            /** @description Accounts following it, most recent follow first (at most 80), as the server has them (a remote account's `acct` is `username@server`) */
            followers: components["schemas"]["MicroblogEAccount"][];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end (no `rel="next"` Link) */
            cursor: string | null;
        };
        MicroblogEFollowersResponse: {
            /** @description The account asked for: its profile record (`/v1/microblog-e/profile`), looked up by this call */
            account: components["schemas"]["MicroblogEAccount"];
            /** @description Accounts following it, most recent follow first (at most 80), as the server has them (a remote account's `acct` is `username@server`) */
            followers: components["schemas"]["MicroblogEAccount"][];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end (no `rel="next"` Link) */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogEFollowingPage: {
            /** @description The account asked for: its profile record (`/v1/microblog-e/profile`), looked up by this call */
            account: components["schemas"]["MicroblogEAccount"];
            /** @description Accounts it follows, most recent follow first (at most 80), as the server has them (a remote account's `acct` is `username@server`) */
            following: components["schemas"]["MicroblogEAccount"][];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end (no `rel="next"` Link) */
            cursor: string | null;
        };
        MicroblogEFollowingResponse: {
            /** @description The account asked for: its profile record (`/v1/microblog-e/profile`), looked up by this call */
            account: components["schemas"]["MicroblogEAccount"];
            /** @description Accounts it follows, most recent follow first (at most 80), as the server has them (a remote account's `acct` is `username@server`) */
            following: components["schemas"]["MicroblogEAccount"][];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end (no `rel="next"` Link) */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogEInteractionPost: {
            /** @description The status id on the server that answered */
            id: string;
            /** @description Web page of the status (on the origin server) */
            url: string | null;
            /** @description Boosts the server counts (the list may show fewer: Mastodon leaves out suspended accounts) */
            reblogs_count: number | null;
            /** @description Favourites the server counts */
            favourites_count: number | null;
        };
        MicroblogEPostContext: {
            /** @description The status asked for (public or unlisted) */
            post: components["schemas"]["MicroblogEStatus"];
            /** @description The public statuses it replies to, from the thread's top down to its parent ([] for a status that replies to none); null when the thread could not be read (a partial read) */
            ancestors: components["schemas"]["MicroblogEStatus"][] | null;
            /** @description The public replies below it, depth first, as far as the server shows them to anonymous callers; null when the thread could not be read (a partial read) */
            descendants: components["schemas"]["MicroblogEStatus"][] | null;
        };
        MicroblogEPostFavouritedByResponse: {
            /** @description The status asked for (public or unlisted), read by this call */
            post: components["schemas"]["MicroblogEInteractionPost"];
            /** @description Accounts that favourited it, most recent first (at most 80), as the server has them (a remote account's `acct` is `username@server`) */
            accounts: components["schemas"]["MicroblogEAccount"][];
            /** @description Pass unchanged as `cursor` (with the same url) for the next page; null at the end (no `rel="next"` Link) */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogEPostRebloggedByResponse: {
            /** @description The status asked for (public or unlisted), read by this call */
            post: components["schemas"]["MicroblogEInteractionPost"];
            /** @description Accounts that boosted it, most recent first (at most 80), as the server has them (a remote account's `acct` is `username@server`) */
            accounts: components["schemas"]["MicroblogEAccount"][];
            /** @description Pass unchanged as `cursor` (with the same url) for the next page; null at the end (no `rel="next"` Link) */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogEPostResponse: {
            /** @description The status asked for (public or unlisted) */
            post: components["schemas"]["MicroblogEStatus"];
            /** @description The public statuses it replies to, from the thread's top down to its parent ([] for a status that replies to none); null when the thread could not be read (a partial read) */
            ancestors: components["schemas"]["MicroblogEStatus"][] | null;
            /** @description The public replies below it, depth first, as far as the server shows them to anonymous callers; null when the thread could not be read (a partial read) */
            descendants: components["schemas"]["MicroblogEStatus"][] | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogEPostsPage: {
            /** @description The account's public statuses and boosts, newest first */
            posts: components["schemas"]["MicroblogEStatus"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogEPostsResponse: {
            /** @description The account's public statuses and boosts, newest first */
            posts: components["schemas"]["MicroblogEStatus"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogEProfileResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            profile: components["schemas"]["MicroblogEAccount"];
        };
        MicroblogEProfileSearch: {
            /** @description Accounts the server knows whose name or handle matches, in the server's order (at most 40); a remote account's `acct` is `username@server` */
            profiles: components["schemas"]["MicroblogEAccount"][];
        };
        MicroblogEProfileSearchResponse: {
            /** @description Accounts the server knows whose name or handle matches, in the server's order (at most 40); a remote account's `acct` is `username@server` */
            profiles: components["schemas"]["MicroblogEAccount"][];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogERebloggedByPage: {
            /** @description The status asked for (public or unlisted), read by this call */
            post: components["schemas"]["MicroblogEInteractionPost"];
            /** @description Accounts that boosted it, most recent first (at most 80), as the server has them (a remote account's `acct` is `username@server`) */
            accounts: components["schemas"]["MicroblogEAccount"][];
            /** @description Pass unchanged as `cursor` (with the same url) for the next page; null at the end (no `rel="next"` Link) */
            cursor: string | null;
        };
        MicroblogEStatus: {
            /** @description The status id on the server that answered (a remote status's id differs from its origin's) */
            id: string;
            /** @description ActivityPub id (on the origin server) */
            uri: string | null;
            /** @description Web page of the status (on the origin server) */
            url: string | null;
            created_at: string | null;
            /** @description Last edit; null when never edited */
            edited_at: string | null;
            /** @description The author (the booster, for a boost) */
            account: components["schemas"]["MicroblogEAccount"] | null;
            /** @description HTML */
            content: string | null;
            /** @description `public` or `unlisted` (other visibilities are never returned) */
            visibility: string | null;
            sensitive: boolean | null;
            /** @description Content warning; empty when none */
            spoiler_text: string | null;
            language: string | null;
            in_reply_to_id: string | null;
            in_reply_to_account_id: string | null;
            /** @description The boosted status, for a boost; null otherwise */
            reblog: components["schemas"]["MicroblogEStatus"] | null;
            /** @description MediaAttachment entities, as sent */
            media_attachments: {
                [key: string]: unknown;
            }[];
            mentions: {
                [key: string]: unknown;
            }[];
            /** @description Hashtags (`name`, `url`) */
            tags: {
                [key: string]: unknown;
            }[];
            emojis: {
                [key: string]: unknown;
            }[];
            /** @description Link preview card; null when none */
            card: {
                [key: string]: unknown;
            } | null;
            poll: {
                [key: string]: unknown;
            } | null;
            replies_count: number | null;
            reblogs_count: number | null;
            favourites_count: number | null;
        };
        MicroblogETagPage: {
            /** @description Public statuses with the hashtag that the server knows of (its own and federated), newest first */
            posts: components["schemas"]["MicroblogEStatus"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
        };
        MicroblogETagResponse: {
            /** @description Public statuses with the hashtag that the server knows of (its own and federated), newest first */
            posts: components["schemas"]["MicroblogEStatus"][];
            /** @description Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogETrendTag: {
            /** @description The hashtag, without #, as the server writes it */
            name: string;
            /** @description The hashtag's page on the server that answered */
            url: string | null;
            /** @description Daily use over the past week, most recent day first; null when the server sent none */
            history: {
                /** @description The day, as Unix time (seconds) of its start, UTC */
                day: number | null;
                /** @description Statuses using the hashtag that day, as the server counts them */
                uses: number | null;
                /** @description Accounts using the hashtag that day */
                accounts: number | null;
            }[] | null;
        };
        MicroblogETrendsStatusesPage: {
            /** @description The server's trending public statuses, most trending first (at most 20 a page), its own and other servers' (a remote status's `url` and `uri` are on its own server) */
            posts: components["schemas"]["MicroblogEStatus"][];
            /** @description Pass unchanged as `cursor` (with the same instance) for the next page; null at the end. Trends change as they are read: a later page may repeat or skip an item */
            cursor: string | null;
        };
        MicroblogETrendsStatusesResponse: {
            /** @description The server's trending public statuses, most trending first (at most 20 a page), its own and other servers' (a remote status's `url` and `uri` are on its own server) */
            posts: components["schemas"]["MicroblogEStatus"][];
            /** @description Pass unchanged as `cursor` (with the same instance) for the next page; null at the end. Trends change as they are read: a later page may repeat or skip an item */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MicroblogETrendsTagsPage: {
            /** @description The server's trending hashtags, most trending first (at most 20 a page) */
            tags: components["schemas"]["MicroblogETrendTag"][];
            /** @description Pass unchanged as `cursor` (with the same instance) for the next page; null at the end. Trends change as they are read: a later page may repeat or skip an item */
            cursor: string | null;
        };
        MicroblogETrendsTagsResponse: {
            /** @description The server's trending hashtags, most trending first (at most 20 a page) */
            tags: components["schemas"]["MicroblogETrendTag"][];
            /** @description Pass unchanged as `cursor` (with the same instance) for the next page; null at the end. Trends change as they are read: a later page may repeat or skip an item */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MoodboardItem: {
            id: number;
            url: string;
            created_at: string | null;
            caption: string | null;
            text: string | null;
            title: string | null;
            description: string | null;
            owner: {
                id: number | null;
                username: string | null;
            } | null;
            source_url: string | null;
            source_author: {
                username: string | null;
                full_name: string | null;
                profile_url: string | null;
                avatar_url: string | null;
            } | null;
            media: {
                id: string | null;
                type: string | null;
                url: string | null;
                width: number | null;
                height: number | null;
                ai_generated: boolean | null;
                duration: number | null;
                thumbnail_url: string | null;
                video_url: string | null;
                playback_url: string | null;
            }[];
            price: {
                value: number | null;
                currency: string | null;
            } | null;
            brand: string | null;
        };
        MoodboardPost: {
            id: number;
            url: string;
            created_at: string | null;
            caption: string | null;
            text: string | null;
            title: string | null;
            description: string | null;
            owner: {
                id: number | null;
                username: string | null;
            } | null;
            source_url: string | null;
            source_author: {
                username: string | null;
                full_name: string | null;
                profile_url: string | null;
                avatar_url: string | null;
            } | null;
            media: {
                id: string | null;
                type: string | null;
                url: string | null;
                width: number | null;
                height: number | null;
                ai_generated: boolean | null;
                duration: number | null;
                thumbnail_url: string | null;
                video_url: string | null;
                playback_url: string | null;
            }[];
            price: {
                value: number | null;
                currency: string | null;
            } | null;
            brand: string | null;
            save_count: number | null;
        };
        MoodboardPostResponse: {
            id: number;
            url: string;
            created_at: string | null;
            caption: string | null;
            text: string | null;
            title: string | null;
            description: string | null;
            owner: {
                id: number | null;
                username: string | null;
            } | null;
            source_url: string | null;
            source_author: {
                username: string | null;
                full_name: string | null;
                profile_url: string | null;
                avatar_url: string | null;
            } | null;
            media: {
                id: string | null;
                type: string | null;
                url: string | null;
                width: number | null;
                height: number | null;
                ai_generated: boolean | null;
                duration: number | null;
                thumbnail_url: string | null;
                video_url: string | null;
                playback_url: string | null;
            }[];
            price: {
                value: number | null;
                currency: string | null;
            } | null;
            brand: string | null;
            save_count: number | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        MoodboardSearchPage: {
            items: components["schemas"]["MoodboardItem"][];
            cursor: string | null;
            has_more: boolean;
            result_count: number;
        };
        MoodboardSearchResponse: {
            items: components["schemas"]["MoodboardItem"][];
            cursor: string | null;
            has_more: boolean;
            result_count: number;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        NewsletterComment: {
            id: number;
            /** @description The post it is on (checked to be the post asked for, where stated) */
            post_id: number | null;
            /** @description The text, plain; null for a comment deleted or removed (its replies stay, under it) */
            body: string | null;
            date: string | null;
            /** @description When it was last edited; null when never */
            edited_at: string | null;
            /** @description The commenter's name */
            name: string | null;
            /** @description The commenter's profile handle (substack.com/@<handle>), when they have one */
            handle: string | null;
            user_id: number | null;
            photo_url: string | null;
            /** @description Reaction counts by emoji, e.g. {"❤": 3} */
            reactions: {
                [key: string]: number;
            } | null;
            reaction_count: number | null;
            /** @description Replies Substack counts under it */
            children_count: number | null;
            deleted: boolean | null;
            /** @description `published`, `moderator_removed`… */
            status: string | null;
            /** @description Replies, nested the same way; [] when none */
            children: components["schemas"]["NewsletterComment"][];
        };
        NewsletterPost: {
            id: number;
            publication_id: number | null;
            title: string | null;
            subtitle: string | null;
            description: string | null;
            slug: string | null;
            /** @description `newsletter`, `podcast`, `thread`… */
            type: string | null;
            /** @description `everyone`, `only_paid`, `founding`…: who may read the full text */
            audience: string | null;
            post_date: string | null;
            canonical_url: string | null;
            cover_image: string | null;
            wordcount: number | null;
            reaction_count: number | null;
            /** @description Reaction counts by emoji */
            reactions: {
                [key: string]: unknown;
            } | null;
            comment_count: number | null;
            child_comment_count: number | null;
            section_name: string | null;
            podcast_url: string | null;
            postTags: {
                [key: string]: unknown;
            }[];
            /** @description Authors (`id`, `name`, `handle`…) */
            publishedBylines: {
                [key: string]: unknown;
            }[];
        };
        NewsletterPostComments: {
            /** @description The post the comments are on */
            post: {
                id: number;
                slug: string | null;
                title: string | null;
                canonical_url: string | null;
                /** @description Who may comment: `everyone`, `only_paid`, `none` (comments off)… */
                write_comment_permissions: string | null;
            };
            /** @description Top-level comments in the asked order, each with its replies (`children`) */
            comments: components["schemas"]["NewsletterComment"][];
            /** @description Ours: true when the post has comments turned off (`write_comment_permissions` `none`): `comments` is then what Substack still shows, usually []; null when the post does not say */
            comments_off: boolean | null;
            /** @description Substack's `more`: true when it says comments were left out of this answer; null when it does not say */
            more: boolean | null;
        };
        NewsletterPostCommentsResponse: {
            /** @description The post the comments are on */
            post: {
                id: number;
                slug: string | null;
                title: string | null;
                canonical_url: string | null;
                /** @description Who may comment: `everyone`, `only_paid`, `none` (comments off)… */
                write_comment_permissions: string | null;
            };
            /** @description Top-level comments in the asked order, each with its replies (`children`) */
            comments: components["schemas"]["NewsletterComment"][];
            /** @description Ours: true when the post has comments turned off (`write_comment_permissions` `none`): `comments` is then what Substack still shows, usually []; null when the post does not say */
            comments_off: boolean | null;
            /** @description Substack's `more`: true when it says comments were left out of this answer; null when it does not say */
            more: boolean | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        NewsletterPostDetail: {
            id: number;
            publication_id: number | null;
            title: string | null;
            subtitle: string | null;
            description: string | null;
            slug: string | null;
            /** @description `newsletter`, `podcast`, `thread`… */
            type: string | null;
            /** @description `everyone`, `only_paid`, `founding`…: who may read the full text */
            audience: string | null;
            post_date: string | null;
            canonical_url: string | null;
            cover_image: string | null;
            wordcount: number | null;
            reaction_count: number | null;
            /** @description Reaction counts by emoji */
            reactions: {
                [key: string]: unknown;
            } | null;
            comment_count: number | null;
            child_comment_count: number | null;
            section_name: string | null;
            podcast_url: string | null;
            postTags: {
                [key: string]: unknown;
            }[];
            /** @description Authors (`id`, `name`, `handle`…) */
            publishedBylines: {
                [key: string]: unknown;
            }[];
            /** @description The text as HTML. For a post not for everyone (`is_paywalled`): the public preview only, cut where the paywall starts and without a marker, or null when the publication shows none */
            body_html: string | null;
            /** @description A short plain-text excerpt, when Substack sends one (often empty) */
            truncated_body_text: string | null;
            /** @description Whether the text is only partly public: true when `audience` is not `everyone` (`body_html` is then the preview at most); null when `audience` is missing */
            is_paywalled: boolean | null;
            updated_at: string | null;
            language: string | null;
            restacks: number | null;
            /** @description The publication the post is in (`id`, `name`, `subdomain`, `custom_domain`…); null when the answer does not state it */
            publication: {
                [key: string]: unknown;
            } | null;
        };
        NewsletterPostResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            post: components["schemas"]["NewsletterPostDetail"];
        };
        NewsletterPostsPage: {
            /** @description The person's posts across their publications, newest first */
            posts: components["schemas"]["NewsletterPost"][];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end */
            cursor: string | null;
        };
        NewsletterPostsResponse: {
            /** @description The person's posts across their publications, newest first */
            posts: components["schemas"]["NewsletterPost"][];
            /** @description Pass unchanged as `cursor` (with the same handle) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        NewsletterProfile: {
            /** @description The person's Substack user id */
            id: number;
            /** @description Profile handle (substack.com/@<handle>) */
            handle: string;
            name: string | null;
            previous_name: string | null;
            slug: string | null;
            /** @description Bio, plain text */
            bio: string | null;
            photo_url: string | null;
            profile_set_up_at: string | null;
            profile_disabled: boolean | null;
            /** @description The person's own <name>.substack.com address */
            subdomainUrl: string | null;
            /** @description The publication they write (id, subdomain, custom_domain, name, author_id…); null when none */
            primaryPublication: {
                [key: string]: unknown;
            } | null;
            /** @description Publications they have a role on (`role`, `publication`) */
            publicationUsers: {
                [key: string]: unknown;
            }[];
            /** @description Links they list on their profile */
            userLinks: {
                [key: string]: unknown;
            }[];
            /** @description A connected X/Twitter account; null when none */
            twitterAccount: {
                [key: string]: unknown;
            } | null;
            facebookAccount: {
                [key: string]: unknown;
            } | null;
            /** @description Subscribers of their primary publication, as Substack sends it (a string) */
            subscriberCount: string | null;
            subscriberCountNumber: number | null;
            /** @description e.g. "88 subscribers" */
            subscriberCountString: string | null;
            /** @description A rough band ("Tens", "Hundreds"…) */
            rough_num_free_subscribers: string | null;
            /** @description Publications they subscribe to publicly */
            subscriptions: {
                [key: string]: unknown;
            }[];
        };
        NewsletterProfileResponse: {
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
            profile: components["schemas"]["NewsletterProfile"];
        };
        NewsletterPublication: {
            /** @description The publication's Substack id */
            id: number;
            name: string | null;
            /** @description Its address on Substack: <subdomain>.substack.com */
            subdomain: string | null;
            /** @description Its own domain, when it has one */
            custom_domain: string | null;
            /** @description Its address as Substack states it (`base_url`); null when the answer does not state one */
            base_url: string | null;
            logo_url: string | null;
            /** @description Its short description, as its home page shows it */
            hero_text: string | null;
            language: string | null;
            /** @description The person who writes it (`author_id`, `author_name`, `author_handle`); null when the answer names none */
            author: {
                /** @description The author's Substack user id */
                id: number | null;
                name: string | null;
                /** @description Profile handle (substack.com/@<handle>) */
                handle: string | null;
            } | null;
        };
        NewsletterSearchPage: {
            /** @description Publications matching the query, in Substack's order (relevance) */
            publications: components["schemas"]["NewsletterPublication"][];
            /** @description Pass unchanged as `cursor` (with the same query) for the next page; null at the end (Substack's `more` false) */
            cursor: string | null;
        };
        NewsletterSearchResponse: {
            /** @description Publications matching the query, in Substack's order (relevance) */
            publications: components["schemas"]["NewsletterPublication"][];
            /** @description Pass unchanged as `cursor` (with the same query) for the next page; null at the end (Substack's `more` false) */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        PinboardBoardDetail: {
            node_id: string | null;
            id: string | null;
            name: string | null;
            url: string | null;
            pin_count: number | null;
            section_count: number | null;
            is_collaborative: boolean | null;
            collaborator_count: number | null;
            collaborating_users: {
                node_id: string | null;
                id: string | null;
                username: string | null;
                full_name: string | null;
                follower_count: number | null;
                image_small_url: string | null;
                image_medium_url: string | null;
                image_large_url: string | null;
                is_ads_only_profile: boolean | null;
                is_primary_website_verified: boolean | null;
                is_verified_merchant: boolean | null;
                verified_identity: unknown;
                ads_only_profile_site: string | null;
            }[] | null;
            cover_images: unknown;
            images: unknown;
            owner: {
                node_id: string | null;
                id: string | null;
                username: string | null;
                full_name: string | null;
                follower_count: number | null;
                image_small_url: string | null;
                image_medium_url: string | null;
                image_large_url: string | null;
                is_ads_only_profile: boolean | null;
                is_primary_website_verified: boolean | null;
                is_verified_merchant: boolean | null;
                verified_identity: unknown;
                ads_only_profile_site: string | null;
            } | null;
            type: string | null;
            board_order_modified_at: string | null;
            description: string | null;
            privacy: string | null;
            follower_count: number | null;
            created_at: string | null;
            image_cover_url: string | null;
        };
        /** @description A public board and one page of its pins */
        PinboardBoardPage: {
            board: components["schemas"]["PinboardBoardDetail"];
            pins: components["schemas"]["PinboardPin"][] | null;
            cursor: string | null;
        };
        PinboardBoardResponse: {
            board: components["schemas"]["PinboardBoardDetail"];
            pins: components["schemas"]["PinboardPin"][] | null;
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        PinboardPin: {
            node_id: string | null;
            id: string;
            url: string;
            title: string | null;
            description: string | null;
            grid_title: string | null;
            auto_alt_text: string | null;
            seo_alt_text: string | null;
            link: string | null;
            domain: string | null;
            is_promoted: boolean | null;
            created_at: string | null;
            images: {
                orig: {
                    width: number | null;
                    height: number | null;
                    url: string | null;
                } | null;
            };
            board: {
                node_id: string | null;
                id: string | null;
                name: string | null;
                url: string | null;
                pin_count: number | null;
                section_count: number | null;
                is_collaborative: boolean | null;
                collaborator_count: number | null;
                collaborating_users: {
                    node_id: string | null;
                    id: string | null;
                    username: string | null;
                    full_name: string | null;
                    follower_count: number | null;
                    image_small_url: string | null;
                    image_medium_url: string | null;
                    image_large_url: string | null;
                    is_ads_only_profile: boolean | null;
                    is_primary_website_verified: boolean | null;
                    is_verified_merchant: boolean | null;
                    verified_identity: unknown;
                    ads_only_profile_site: string | null;
                }[] | null;
                cover_images: unknown;
                images: unknown;
                owner: {
                    node_id: string | null;
                    id: string | null;
                    username: string | null;
                    full_name: string | null;
                    follower_count: number | null;
                    image_small_url: string | null;
                    image_medium_url: string | null;
                    image_large_url: string | null;
                    is_ads_only_profile: boolean | null;
                    is_primary_website_verified: boolean | null;
                    is_verified_merchant: boolean | null;
                    verified_identity: unknown;
                    ads_only_profile_site: string | null;
                } | null;
                type: string | null;
                board_order_modified_at: string | null;
            } | null;
            pinner: {
                node_id: string | null;
                id: string | null;
                username: string | null;
                full_name: string | null;
                follower_count: number | null;
                image_small_url: string | null;
                image_medium_url: string | null;
                image_large_url: string | null;
                is_ads_only_profile: boolean | null;
                is_primary_website_verified: boolean | null;
                is_verified_merchant: boolean | null;
                verified_identity: unknown;
                ads_only_profile_site: string | null;
            } | null;
            native_creator: {
                node_id: string | null;
                id: string | null;
                username: string | null;
                full_name: string | null;
                follower_count: number | null;
                image_small_url: string | null;
                image_medium_url: string | null;
                image_large_url: string | null;
                is_ads_only_profile: boolean | null;
                is_primary_website_verified: boolean | null;
                is_verified_merchant: boolean | null;
                verified_identity: unknown;
                ads_only_profile_site: string | null;
            } | null;
            videos: unknown;
            story_pin_data: unknown;
        };
        PinboardPinDetail: {
            node_id: string | null;
            id: string;
            url: string;
            title: string | null;
            grid_title: string | null;
            description: string | null;
            closeup_unified_description: string | null;
            auto_alt_text: string | null;
            link: string | null;
            domain: string | null;
            created_at: string | null;
            is_video: boolean | null;
            is_promoted: boolean | null;
            repin_count: number | null;
            comment_count: number | null;
            reaction_counts: {
                [key: string]: number;
            } | null;
            aggregated_pin_data: {
                aggregated_stats: {
                    saves: number | null;
                    done: number | null;
                } | null;
            } | null;
            images: {
                [key: string]: {
                    width: number | null;
                    height: number | null;
                    url: string | null;
                };
            } | null;
            videos: unknown;
            story_pin_data: unknown;
            rich_summary: unknown;
            pinner: {
                node_id: string | null;
                id: string | null;
                username: string | null;
                full_name: string | null;
                follower_count: number | null;
                image_small_url: string | null;
                image_medium_url: string | null;
                image_large_url: string | null;
                is_ads_only_profile: boolean | null;
                is_primary_website_verified: boolean | null;
                is_verified_merchant: boolean | null;
                verified_identity: unknown;
                ads_only_profile_site: string | null;
            } | null;
            native_creator: {
                node_id: string | null;
                id: string | null;
                username: string | null;
                full_name: string | null;
                follower_count: number | null;
                image_small_url: string | null;
                image_medium_url: string | null;
                image_large_url: string | null;
                is_ads_only_profile: boolean | null;
                is_primary_website_verified: boolean | null;
                is_verified_merchant: boolean | null;
                verified_identity: unknown;
                ads_only_profile_site: string | null;
            } | null;
            board: components["schemas"]["PinboardBoardDetail"] | null;
        };
        /** @description One public pin */
        PinboardPinRecord: {
            pin: components["schemas"]["PinboardPinDetail"];
        };
        PinboardPinResponse: {
            pin: components["schemas"]["PinboardPinDetail"];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description A public pinboard account */
        PinboardProfile: {
            /** @description Pinterest's user object; members beyond the listed ones pass through unchanged */
            user: {
                /** @description The account's numeric id, as a string */
                id: string | null;
                node_id: string | null;
                /** @description The account name, as Pinterest spells it */
                username: string;
                /** @description Display name */
                full_name: string | null;
                first_name: string | null;
                last_name: string | null;
                /** @description Bio ("" when none) */
                about: string | null;
                /** @description The website field; null or "" when none */
                website_url: string | null;
                /** @description The website's domain */
                domain_url: string | null;
                /** @description The website is verified as the account’s */
                domain_verified: boolean | null;
                follower_count: number | null;
                following_count: number | null;
                pin_count: number | null;
                board_count: number | null;
                image_small_url: string | null;
                image_medium_url: string | null;
                image_large_url: string | null;
                image_xlarge_url: string | null;
                is_verified_merchant: boolean | null;
                /** @description Pinterest’s verified-identity object ({} when none), as sent */
                verified_identity: unknown;
                /** @description A private profile: its header is public, its boards and pins are not read */
                is_private_profile: boolean | null;
            } & {
                [key: string]: unknown;
            };
        };
        PinboardProfileResponse: {
            /** @description Pinterest's user object; members beyond the listed ones pass through unchanged */
            user: {
                /** @description The account's numeric id, as a string */
                id: string | null;
                node_id: string | null;
                /** @description The account name, as Pinterest spells it */
                username: string;
                /** @description Display name */
                full_name: string | null;
                first_name: string | null;
                last_name: string | null;
                /** @description Bio ("" when none) */
                about: string | null;
                /** @description The website field; null or "" when none */
                website_url: string | null;
                /** @description The website's domain */
                domain_url: string | null;
                /** @description The website is verified as the account’s */
                domain_verified: boolean | null;
                follower_count: number | null;
                following_count: number | null;
                pin_count: number | null;
                board_count: number | null;
                image_small_url: string | null;
                image_medium_url: string | null;
                image_large_url: string | null;
                image_xlarge_url: string | null;
                is_verified_merchant: boolean | null;
                /** @description Pinterest’s verified-identity object ({} when none), as sent */
                verified_identity: unknown;
                /** @description A private profile: its header is public, its boards and pins are not read */
                is_private_profile: boolean | null;
            } & {
                [key: string]: unknown;
            };
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        PinboardSearchPage: {
            pins: components["schemas"]["PinboardPin"][] | components["schemas"]["PinboardTrimmedPin"][];
            cursor: string | null;
        };
        PinboardSearchResponse: {
            pins: components["schemas"]["PinboardPin"][] | components["schemas"]["PinboardTrimmedPin"][];
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        PinboardTrimmedPin: {
            id: string;
            url: string;
            title: string | null;
            grid_title: string | null;
            description: string | null;
            link: string | null;
            domain: string | null;
            is_promoted: boolean | null;
            created_at: string | null;
            images: {
                orig: {
                    width: number | null;
                    height: number | null;
                    url: string | null;
                } | null;
            };
            board: {
                id: string | null;
                name: string | null;
                url: string | null;
            } | null;
            pinner: {
                id: string | null;
                username: string | null;
                full_name: string | null;
            } | null;
        };
        RetailShopPage: {
            avatar: string | null;
            name: string | null;
            description: string | null;
            socials: string[];
            lists: {
                title: string | null;
                itemCount: number | null;
                image: string | null;
                url: string;
            }[];
            videos: {
                id: string;
                title: string | null;
                thumbnail: string | null;
                asins: string[];
            }[];
            trendingPicks: {
                url: string;
                image: string | null;
                price: number | null;
                discount: number | null;
            }[];
            curations: {
                title: string | null;
                postCount: number | null;
                image: string | null;
                url: string;
            }[];
            pageToken: string | null;
        };
        RetailShopStorefrontResponse: {
            avatar: string | null;
            name: string | null;
            description: string | null;
            socials: string[];
            lists: {
                title: string | null;
                itemCount: number | null;
                image: string | null;
                url: string;
            }[];
            videos: {
                id: string;
                title: string | null;
                thumbnail: string | null;
                asins: string[];
            }[];
            trendingPicks: {
                url: string;
                image: string | null;
                price: number | null;
                discount: number | null;
            }[];
            curations: {
                title: string | null;
                postCount: number | null;
                image: string | null;
                url: string;
            }[];
            pageToken: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description A public shortvideo account: its user object and counts */
        ShortvideoProfile: {
            /** @description TikTok's user object; members beyond the listed ones pass through unchanged */
            user: {
                /** @description TikTok's numeric user id, as a string */
                id: string;
                /** @description The @name, as TikTok spells it */
                uniqueId: string;
                /** @description TikTok's stable opaque user key (survives a change of uniqueId) */
                secUid: string | null;
                /** @description Display name ("" when the account set none) */
                nickname: string | null;
                /** @description Bio ("" when the account wrote none) */
                signature: string | null;
                /** @description Verified badge */
                verified: boolean | null;
                /** @description Private account: its header is public, its posts are not read */
                privateAccount: boolean | null;
                /** @description The profile website field; null when the account declares none */
                bioLink: ({
                    /** @description The declared website, often without a scheme */
                    link: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description Avatar, 1080 px (signed, expiring URL) */
                avatarLarger: string | null;
                /** @description Avatar, 720 px */
                avatarMedium: string | null;
                /** @description Avatar, 100 px */
                avatarThumb: string | null;
            } & {
                [key: string]: unknown;
            };
            /** @description Counts: exact (statsV2) where the page has them */
            stats: {
                /** @description Followers */
                followerCount: number | null;
                /** @description Accounts followed */
                followingCount: number | null;
                /** @description Likes received on all videos */
                heartCount: number | null;
                /** @description Public videos; null when TikTok withholds the count (a private account, logged out) */
                videoCount: number | null;
                /** @description Videos this account liked */
                diggCount: number | null;
                /** @description Mutual follows (pages from 2023 on; null on older pages) */
                friendCount: number | null;
            };
        };
        ShortvideoProfileResponse: {
            /** @description TikTok's user object; members beyond the listed ones pass through unchanged */
            user: {
                /** @description TikTok's numeric user id, as a string */
                id: string;
                /** @description The @name, as TikTok spells it */
                uniqueId: string;
                /** @description TikTok's stable opaque user key (survives a change of uniqueId) */
                secUid: string | null;
                /** @description Display name ("" when the account set none) */
                nickname: string | null;
                /** @description Bio ("" when the account wrote none) */
                signature: string | null;
                /** @description Verified badge */
                verified: boolean | null;
                /** @description Private account: its header is public, its posts are not read */
                privateAccount: boolean | null;
                /** @description The profile website field; null when the account declares none */
                bioLink: ({
                    /** @description The declared website, often without a scheme */
                    link: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description Avatar, 1080 px (signed, expiring URL) */
                avatarLarger: string | null;
                /** @description Avatar, 720 px */
                avatarMedium: string | null;
                /** @description Avatar, 100 px */
                avatarThumb: string | null;
            } & {
                [key: string]: unknown;
            };
            /** @description Counts: exact (statsV2) where the page has them */
            stats: {
                /** @description Followers */
                followerCount: number | null;
                /** @description Accounts followed */
                followingCount: number | null;
                /** @description Likes received on all videos */
                heartCount: number | null;
                /** @description Public videos; null when TikTok withholds the count (a private account, logged out) */
                videoCount: number | null;
                /** @description Videos this account liked */
                diggCount: number | null;
                /** @description Mutual follows (pages from 2023 on; null on older pages) */
                friendCount: number | null;
            };
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description A public shortvideo video: its item object (caption, author, counts, file, sound, hashtags) */
        ShortvideoVideo: {
            /** @description TikTok's item object; members beyond the listed ones pass through unchanged */
            video: {
                /** @description TikTok's numeric video id, as a string (the URL's) */
                id: string;
                /** @description Caption ("" when none) */
                desc: string | null;
                /** @description Posted, Unix seconds */
                createTime: number | null;
                /** @description The video's author: TikTok's user object; members beyond the listed ones pass through */
                author: {
                    /** @description TikTok's numeric user id, as a string */
                    id: string | null;
                    /** @description The @name, as TikTok spells it (the URL's user) */
                    uniqueId: string;
                    /** @description Display name ("" when the account set none) */
                    nickname: string | null;
                    /** @description Verified badge */
                    verified: boolean | null;
                    /** @description TikTok's stable opaque user key */
                    secUid: string | null;
                    /** @description Private account */
                    privateAccount: boolean | null;
                    /** @description Avatar, 1080 px (signed, expiring URL); null on 2022 pages without the user object */
                    avatarLarger: string | null;
                    /** @description Avatar, 720 px */
                    avatarMedium: string | null;
                    /** @description Avatar, 100 px */
                    avatarThumb: string | null;
                } & {
                    [key: string]: unknown;
                };
                /** @description Counts: exact (statsV2) where the page has them */
                stats: {
                    /** @description Plays */
                    playCount: number | null;
                    /** @description Likes */
                    diggCount: number | null;
                    /** @description Comments */
                    commentCount: number | null;
                    /** @description Shares */
                    shareCount: number | null;
                    /** @description Saves (favourites); null on pages before 2023 */
                    collectCount: number | null;
                };
                /** @description The video file; null when the page carries none */
                video: ({
                    /** @description Seconds */
                    duration: number | null;
                    /** @description Pixels */
                    width: number | null;
                    /** @description Pixels */
                    height: number | null;
                    /** @description Quality label, e.g. 720p */
                    ratio: string | null;
                    /** @description Cover image (signed, expiring URL) */
                    cover: string | null;
                    /** @description The first frame, uncropped (signed, expiring URL) */
                    originCover: string | null;
                    /** @description Animated cover (signed, expiring URL) */
                    dynamicCover: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description The sound; null when the page carries none */
                music: ({
                    /** @description TikTok's sound id, as a string */
                    id: string | null;
                    /** @description Title ("original sound" for a sound recorded with the video) */
                    title: string | null;
                    /** @description The sound's author as TikTok names it */
                    authorName: string | null;
                    /** @description A sound recorded with a video (not a released track) */
                    original: boolean | null;
                    /** @description Seconds */
                    duration: number | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description Hashtags; [] when none */
                challenges: ({
                    /** @description TikTok's hashtag id, as a string */
                    id: string | null;
                    /** @description The hashtag, without # */
                    title: string | null;
                    /** @description Its description ("" when none) */
                    desc: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                /** @description Hashtags and mentions in desc; [] when none */
                textExtra: ({
                    /** @description 1: a hashtag, 0: a mention */
                    type: number | null;
                    /** @description Offset in desc where it starts */
                    start: number | null;
                    /** @description Offset in desc where it ends */
                    end: number | null;
                    /** @description The hashtag, without # ("" for a mention) */
                    hashtagName: string | null;
                    /** @description The mentioned @name ("" for a hashtag) */
                    userUniqueId: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                /** @description Paid promotion; null when the page does not say */
                isAd: boolean | null;
                /** @description Country it was posted from (ISO code); null when the page does not say */
                locationCreated: string | null;
            } & {
                [key: string]: unknown;
            };
        };
        ShortvideoVideoResponse: {
            /** @description TikTok's item object; members beyond the listed ones pass through unchanged */
            video: {
                /** @description TikTok's numeric video id, as a string (the URL's) */
                id: string;
                /** @description Caption ("" when none) */
                desc: string | null;
                /** @description Posted, Unix seconds */
                createTime: number | null;
                /** @description The video's author: TikTok's user object; members beyond the listed ones pass through */
                author: {
                    /** @description TikTok's numeric user id, as a string */
                    id: string | null;
                    /** @description The @name, as TikTok spells it (the URL's user) */
                    uniqueId: string;
                    /** @description Display name ("" when the account set none) */
                    nickname: string | null;
                    /** @description Verified badge */
                    verified: boolean | null;
                    /** @description TikTok's stable opaque user key */
                    secUid: string | null;
                    /** @description Private account */
                    privateAccount: boolean | null;
                    /** @description Avatar, 1080 px (signed, expiring URL); null on 2022 pages without the user object */
                    avatarLarger: string | null;
                    /** @description Avatar, 720 px */
                    avatarMedium: string | null;
                    /** @description Avatar, 100 px */
                    avatarThumb: string | null;
                } & {
                    [key: string]: unknown;
                };
                /** @description Counts: exact (statsV2) where the page has them */
                stats: {
                    /** @description Plays */
                    playCount: number | null;
                    /** @description Likes */
                    diggCount: number | null;
                    /** @description Comments */
                    commentCount: number | null;
                    /** @description Shares */
                    shareCount: number | null;
                    /** @description Saves (favourites); null on pages before 2023 */
                    collectCount: number | null;
                };
                /** @description The video file; null when the page carries none */
                video: ({
                    /** @description Seconds */
                    duration: number | null;
                    /** @description Pixels */
                    width: number | null;
                    /** @description Pixels */
                    height: number | null;
                    /** @description Quality label, e.g. 720p */
                    ratio: string | null;
                    /** @description Cover image (signed, expiring URL) */
                    cover: string | null;
                    /** @description The first frame, uncropped (signed, expiring URL) */
                    originCover: string | null;
                    /** @description Animated cover (signed, expiring URL) */
                    dynamicCover: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description The sound; null when the page carries none */
                music: ({
                    /** @description TikTok's sound id, as a string */
                    id: string | null;
                    /** @description Title ("original sound" for a sound recorded with the video) */
                    title: string | null;
                    /** @description The sound's author as TikTok names it */
                    authorName: string | null;
                    /** @description A sound recorded with a video (not a released track) */
                    original: boolean | null;
                    /** @description Seconds */
                    duration: number | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description Hashtags; [] when none */
                challenges: ({
                    /** @description TikTok's hashtag id, as a string */
                    id: string | null;
                    /** @description The hashtag, without # */
                    title: string | null;
                    /** @description Its description ("" when none) */
                    desc: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                /** @description Hashtags and mentions in desc; [] when none */
                textExtra: ({
                    /** @description 1: a hashtag, 0: a mention */
                    type: number | null;
                    /** @description Offset in desc where it starts */
                    start: number | null;
                    /** @description Offset in desc where it ends */
                    end: number | null;
                    /** @description The hashtag, without # ("" for a mention) */
                    hashtagName: string | null;
                    /** @description The mentioned @name ("" for a hashtag) */
                    userUniqueId: string | null;
                } & {
                    [key: string]: unknown;
                })[];
                /** @description Paid promotion; null when the page does not say */
                isAd: boolean | null;
                /** @description Country it was posted from (ISO code); null when the page does not say */
                locationCreated: string | null;
            } & {
                [key: string]: unknown;
            };
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        SocialACityEventsPage: {
            events: {
                id: string;
                name: string | null;
                /** @constant */
                __typename: "Event";
                day_time_sentence: string | null;
                start_timestamp: number | null;
                is_online: boolean | null;
                is_past: boolean | null;
                is_happening_now: boolean | null;
                is_online_or_detected_online: boolean | null;
                event_kind: string | null;
                cover_photo: {
                    photo: {
                        accessibility_caption: string | null;
                        image: {
                            uri: string | null;
                        };
                        id: string | null;
                    };
                } | null;
                cover_video: {
                    [key: string]: unknown;
                } | null;
                gif_cover_photo: {
                    [key: string]: unknown;
                } | null;
                ticketing_context_row: {
                    price_range_text: string | null;
                } | null;
                social_context: {
                    text: string | null;
                    interested_count: number | null;
                    going_count: number | null;
                    went_count: number | null;
                } | null;
                event_place: {
                    __typename: string | null;
                    contextual_name: string | null;
                    id: string | null;
                } | null;
                eventUrl: string;
            }[];
            cursor: string | null;
        };
        SocialAEventSearchPage: {
            events: {
                id: string;
                name: string | null;
                type: string;
                url: string;
                event_url: string;
                day_time_sentence: string | null;
                event_place: {
                    __typename: string | null;
                    contextual_name: string | null;
                    id: string | null;
                } | null;
                ticketing_context_row: {
                    price_range_text: string | null;
                } | null;
                is_online: boolean | null;
                is_past: boolean | null;
                event_kind: string | null;
                start_timestamp: number | null;
                cover_photo: {
                    accessibility_caption: string | null;
                    eventImage: {
                        uri: string | null;
                    };
                    id: string | null;
                } | null;
                social_context: {
                    text: string | null;
                    interested_count: number | null;
                    going_count: number | null;
                    went_count: number | null;
                } | null;
            }[];
            cursor: string | null;
        };
        SocialAEventSearchResponse: {
            events: {
                id: string;
                name: string | null;
                type: string;
                url: string;
                event_url: string;
                day_time_sentence: string | null;
                event_place: {
                    __typename: string | null;
                    contextual_name: string | null;
                    id: string | null;
                } | null;
                ticketing_context_row: {
                    price_range_text: string | null;
                } | null;
                is_online: boolean | null;
                is_past: boolean | null;
                event_kind: string | null;
                start_timestamp: number | null;
                cover_photo: {
                    accessibility_caption: string | null;
                    eventImage: {
                        uri: string | null;
                    };
                    id: string | null;
                } | null;
                social_context: {
                    text: string | null;
                    interested_count: number | null;
                    going_count: number | null;
                    went_count: number | null;
                } | null;
            }[];
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        SocialAEventsResponse: {
            events: {
                id: string;
                name: string | null;
                /** @constant */
                __typename: "Event";
                day_time_sentence: string | null;
                start_timestamp: number | null;
                is_online: boolean | null;
                is_past: boolean | null;
                is_happening_now: boolean | null;
                is_online_or_detected_online: boolean | null;
                event_kind: string | null;
                cover_photo: {
                    photo: {
                        accessibility_caption: string | null;
                        image: {
                            uri: string | null;
                        };
                        id: string | null;
                    };
                } | null;
                cover_video: {
                    [key: string]: unknown;
                } | null;
                gif_cover_photo: {
                    [key: string]: unknown;
                } | null;
                ticketing_context_row: {
                    price_range_text: string | null;
                } | null;
                social_context: {
                    text: string | null;
                    interested_count: number | null;
                    going_count: number | null;
                    went_count: number | null;
                } | null;
                event_place: {
                    __typename: string | null;
                    contextual_name: string | null;
                    id: string | null;
                } | null;
                eventUrl: string;
            }[];
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description A public social-a page: its about facts */
        SocialAPage: {
            page: {
                /** @description The page's numeric id */
                id: string | null;
                /** @description The page's vanity name (facebook.com/<username>); null when the page names none */
                username: string | null;
                /** @description The page's address: by its vanity name, else by its id */
                url: string;
                name: string | null;
                /** @description The intro card's category line, as shown (e.g. `Page · Musician/band`); null when the card is withheld */
                category: string | null;
                /** @description The intro card's bio (and the page's longer description when it differs) */
                intro: string | null;
                /** @description The page's og:description (Facebook's summary: counts, then the intro) */
                description: string | null;
                /** @description The intro card's website items */
                websites: string[];
                /** @description Addresses the page shows: the intro card's e-mail item first, then those in its texts and links */
                emails: string[];
                /** @description Website items and other accounts of the intro card first, then the outbound links of the page */
                links: string[];
                /** @description Followers, where the page shows them (as shown: `12K followers` is 12000) */
                follower_count: number | null;
                /** @description Likes, where the page shows them (as shown) */
                like_count: number | null;
            };
        };
        SocialAPageEventsPage: {
            events: {
                id: string;
                name: string | null;
                /** @constant */
                __typename: "Event";
                day_time_sentence: string | null;
                start_timestamp: number | null;
                is_online: boolean | null;
                is_past: boolean | null;
                is_happening_now: boolean | null;
                is_online_or_detected_online: boolean | null;
                event_kind: string | null;
                cover_photo: {
                    photo: {
                        accessibility_caption: string | null;
                        image: {
                            uri: string | null;
                        };
                        id: string | null;
                    };
                } | null;
                cover_video: {
                    [key: string]: unknown;
                } | null;
                gif_cover_photo: {
                    [key: string]: unknown;
                } | null;
                ticketing_context_row: {
                    price_range_text: string | null;
                } | null;
                social_context: {
                    text: string | null;
                    interested_count: number | null;
                    going_count: number | null;
                    went_count: number | null;
                } | null;
                event_place: {
                    __typename: string | null;
                    contextual_name: string | null;
                    location: {
                        reverse_geocode: {
                            city: string | null;
                        };
                    };
                    id: string | null;
                } | null;
                url: string;
                is_canceled: boolean | null;
                event_creator: {
                    url: string | null;
                    name: string | null;
                    id: string | null;
                } | null;
            }[];
            cursor: string | null;
            has_next_page: boolean;
            total_count: number;
        };
        SocialAPageResponse: {
            page: {
                /** @description The page's numeric id */
                id: string | null;
                /** @description The page's vanity name (facebook.com/<username>); null when the page names none */
                username: string | null;
                /** @description The page's address: by its vanity name, else by its id */
                url: string;
                name: string | null;
                /** @description The intro card's category line, as shown (e.g. `Page · Musician/band`); null when the card is withheld */
                category: string | null;
                /** @description The intro card's bio (and the page's longer description when it differs) */
                intro: string | null;
                /** @description The page's og:description (Facebook's summary: counts, then the intro) */
                description: string | null;
                /** @description The intro card's website items */
                websites: string[];
                /** @description Addresses the page shows: the intro card's e-mail item first, then those in its texts and links */
                emails: string[];
                /** @description Website items and other accounts of the intro card first, then the outbound links of the page */
                links: string[];
                /** @description Followers, where the page shows them (as shown: `12K followers` is 12000) */
                follower_count: number | null;
                /** @description Likes, where the page shows them (as shown) */
                like_count: number | null;
            };
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        SocialAProfileEventsResponse: {
            events: {
                id: string;
                name: string | null;
                /** @constant */
                __typename: "Event";
                day_time_sentence: string | null;
                start_timestamp: number | null;
                is_online: boolean | null;
                is_past: boolean | null;
                is_happening_now: boolean | null;
                is_online_or_detected_online: boolean | null;
                event_kind: string | null;
                cover_photo: {
                    photo: {
                        accessibility_caption: string | null;
                        image: {
                            uri: string | null;
                        };
                        id: string | null;
                    };
                } | null;
                cover_video: {
                    [key: string]: unknown;
                } | null;
                gif_cover_photo: {
                    [key: string]: unknown;
                } | null;
                ticketing_context_row: {
                    price_range_text: string | null;
                } | null;
                social_context: {
                    text: string | null;
                    interested_count: number | null;
                    going_count: number | null;
                    went_count: number | null;
                } | null;
                event_place: {
                    __typename: string | null;
                    contextual_name: string | null;
                    location: {
                        reverse_geocode: {
                            city: string | null;
                        };
                    };
                    id: string | null;
                } | null;
                url: string;
                is_canceled: boolean | null;
                event_creator: {
                    url: string | null;
                    name: string | null;
                    id: string | null;
                } | null;
            }[];
            cursor: string | null;
            has_next_page: boolean;
            total_count: number;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description A public social-b post or reel */
        SocialBPost: {
            /** @description Instagram's media object; members beyond the listed ones pass through unchanged */
            post: {
                /** @description `<pk>_<owner pk>` */
                id: string;
                /** @description Numeric media id, as a string (64 bits: never a double) */
                pk: string;
                /** @description Shortcode: the /p/<code>/ of the post URL */
                code: string;
                /** @description Unix seconds */
                taken_at: number | null;
                /** @description 1 image, 2 video, 8 carousel */
                media_type: number | null;
                /** @description feed, clips (a reel), carousel_container, igtv */
                product_type: string | null;
                caption: ({
                    pk: string | null;
                    text: string | null;
                    /** @description Unix seconds */
                    created_at: number | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                like_count: number | null;
                comment_count: number | null;
                /** @description Plays (videos; null where not shown) */
                play_count: number | null;
                owner: ({
                    /** @description The owner's numeric id, as a string */
                    pk: string | null;
                    username: string | null;
                    full_name: string | null;
                    is_verified: boolean | null;
                    /** @description Always false in a record: a private owner is PRIVATE_CONTENT */
                    is_private: boolean | null;
                    profile_pic_url: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description Image renditions, largest first (a video post: its cover) */
                image_versions2: {
                    candidates: ({
                        /** @description Image URL (signed, expiring) */
                        url: string;
                        width: number | null;
                        height: number | null;
                    } & {
                        [key: string]: unknown;
                    })[];
                } | null;
                /** @description Video renditions; null for images and carousels */
                video_versions: ({
                    /** @description Video URL (signed, expiring) */
                    url: string;
                    width: number | null;
                    height: number | null;
                    /** @description Rendition kind */
                    type: number | null;
                } & {
                    [key: string]: unknown;
                })[] | null;
                carousel_media_count: number | null;
                /** @description The slides of a carousel; null otherwise */
                carousel_media: ({
                    id: string;
                    /** @description 1 image, 2 video */
                    media_type: number | null;
                    /** @description Image renditions, largest first (a video post: its cover) */
                    image_versions2: {
                        candidates: ({
                            /** @description Image URL (signed, expiring) */
                            url: string;
                            width: number | null;
                            height: number | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    } | null;
                    /** @description Video renditions; null for an image */
                    video_versions: ({
                        /** @description Video URL (signed, expiring) */
                        url: string;
                        width: number | null;
                        height: number | null;
                        /** @description Rendition kind */
                        type: number | null;
                    } & {
                        [key: string]: unknown;
                    })[] | null;
                    original_width: number | null;
                    original_height: number | null;
                } & {
                    [key: string]: unknown;
                })[] | null;
                original_width: number | null;
                original_height: number | null;
            } & {
                [key: string]: unknown;
            };
        };
        SocialBPostResponse: {
            /** @description Instagram's media object; members beyond the listed ones pass through unchanged */
            post: {
                /** @description `<pk>_<owner pk>` */
                id: string;
                /** @description Numeric media id, as a string (64 bits: never a double) */
                pk: string;
                /** @description Shortcode: the /p/<code>/ of the post URL */
                code: string;
                /** @description Unix seconds */
                taken_at: number | null;
                /** @description 1 image, 2 video, 8 carousel */
                media_type: number | null;
                /** @description feed, clips (a reel), carousel_container, igtv */
                product_type: string | null;
                caption: ({
                    pk: string | null;
                    text: string | null;
                    /** @description Unix seconds */
                    created_at: number | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                like_count: number | null;
                comment_count: number | null;
                /** @description Plays (videos; null where not shown) */
                play_count: number | null;
                owner: ({
                    /** @description The owner's numeric id, as a string */
                    pk: string | null;
                    username: string | null;
                    full_name: string | null;
                    is_verified: boolean | null;
                    /** @description Always false in a record: a private owner is PRIVATE_CONTENT */
                    is_private: boolean | null;
                    profile_pic_url: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description Image renditions, largest first (a video post: its cover) */
                image_versions2: {
                    candidates: ({
                        /** @description Image URL (signed, expiring) */
                        url: string;
                        width: number | null;
                        height: number | null;
                    } & {
                        [key: string]: unknown;
                    })[];
                } | null;
                /** @description Video renditions; null for images and carousels */
                video_versions: ({
                    /** @description Video URL (signed, expiring) */
                    url: string;
                    width: number | null;
                    height: number | null;
                    /** @description Rendition kind */
                    type: number | null;
                } & {
                    [key: string]: unknown;
                })[] | null;
                carousel_media_count: number | null;
                /** @description The slides of a carousel; null otherwise */
                carousel_media: ({
                    id: string;
                    /** @description 1 image, 2 video */
                    media_type: number | null;
                    /** @description Image renditions, largest first (a video post: its cover) */
                    image_versions2: {
                        candidates: ({
                            /** @description Image URL (signed, expiring) */
                            url: string;
                            width: number | null;
                            height: number | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    } | null;
                    /** @description Video renditions; null for an image */
                    video_versions: ({
                        /** @description Video URL (signed, expiring) */
                        url: string;
                        width: number | null;
                        height: number | null;
                        /** @description Rendition kind */
                        type: number | null;
                    } & {
                        [key: string]: unknown;
                    })[] | null;
                    original_width: number | null;
                    original_height: number | null;
                } & {
                    [key: string]: unknown;
                })[] | null;
                original_width: number | null;
                original_height: number | null;
            } & {
                [key: string]: unknown;
            };
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        /** @description A page of a public social-b account's posts */
        SocialBPosts: {
            /** @description The account's posts, in its grid's order (pinned posts first), as the profile's timeline nodes */
            posts: ({
                id: string;
                shortcode: string;
                dimensions: {
                    height: number | null;
                    width: number | null;
                } | null;
                display_url: string | null;
                is_video: boolean | null;
                video_url: string | null;
                video_view_count: number | null;
                edge_media_to_comment: {
                    count: number | null;
                };
                edge_liked_by: {
                    count: number | null;
                };
                taken_at_timestamp: number | null;
                thumbnail_src: string | null;
                thumbnail_resources: ({
                    src: string | null;
                    config_width: number | null;
                    config_height: number | null;
                } & {
                    [key: string]: unknown;
                })[];
                owner: ({
                    id: string | null;
                    username: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                __typename?: unknown;
            } & {
                [key: string]: unknown;
            })[];
            /** @description Pass unchanged as `cursor` for the next page; null on the last page */
            cursor: string | null;
        };
        SocialBPostsResponse: {
            /** @description The account's posts, in its grid's order (pinned posts first), as the profile's timeline nodes */
            posts: ({
                id: string;
                shortcode: string;
                dimensions: {
                    height: number | null;
                    width: number | null;
                } | null;
                display_url: string | null;
                is_video: boolean | null;
                video_url: string | null;
                video_view_count: number | null;
                edge_media_to_comment: {
                    count: number | null;
                };
                edge_liked_by: {
                    count: number | null;
                };
                taken_at_timestamp: number | null;
                thumbnail_src: string | null;
                thumbnail_resources: ({
                    src: string | null;
                    config_width: number | null;
                    config_height: number | null;
                } & {
                    [key: string]: unknown;
                })[];
                owner: ({
                    id: string | null;
                    username: string | null;
                } & {
                    [key: string]: unknown;
                }) | null;
                __typename?: unknown;
            } & {
                [key: string]: unknown;
            })[];
            /** @description Pass unchanged as `cursor` for the next page; null on the last page */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        SocialBProfile: {
            data: {
                user: {
                    id: string;
                    fbid: string | null;
                    username: string;
                    full_name: string | null;
                    biography: string | null;
                    biography_with_entities: {
                        raw_text: string | null;
                        entities: unknown[];
                    } | null;
                    bio_links: ({
                        title: string | null;
                        lynx_url: string | null;
                        url: string | null;
                        link_type: string | null;
                    } & {
                        [key: string]: unknown;
                    })[];
                    external_url: string | null;
                    edge_followed_by: {
                        count: number | null;
                    };
                    edge_follow: {
                        count: number | null;
                    };
                    is_private: boolean | null;
                    is_verified: boolean | null;
                    is_business_account: boolean | null;
                    is_professional_account: boolean | null;
                    category_name: string | null;
                    business_address_json: string | null;
                    business_email: string | null;
                    business_phone_number: string | null;
                    profile_pic_url: string | null;
                    profile_pic_url_hd: string | null;
                    highlight_reel_count: number | null;
                    has_clips: boolean | null;
                    edge_owner_to_timeline_media: {
                        count: number | null;
                        page_info: {
                            has_next_page: boolean;
                            end_cursor: string | null;
                        };
                        edges: {
                            node: {
                                id: string;
                                shortcode: string;
                                dimensions: {
                                    height: number | null;
                                    width: number | null;
                                } | null;
                                display_url: string | null;
                                is_video: boolean | null;
                                video_url: string | null;
                                video_view_count: number | null;
                                edge_media_to_comment: {
                                    count: number | null;
                                };
                                edge_liked_by: {
                                    count: number | null;
                                };
                                taken_at_timestamp: number | null;
                                thumbnail_src: string | null;
                                thumbnail_resources: ({
                                    src: string | null;
                                    config_width: number | null;
                                    config_height: number | null;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                owner: ({
                                    id: string | null;
                                    username: string | null;
                                } & {
                                    [key: string]: unknown;
                                }) | null;
                                __typename?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                } & {
                    [key: string]: unknown;
                };
            };
            status: string;
        };
        SocialBProfileResponse: {
            data: {
                user: {
                    id: string;
                    fbid: string | null;
                    username: string;
                    full_name: string | null;
                    biography: string | null;
                    biography_with_entities: {
                        raw_text: string | null;
                        entities: unknown[];
                    } | null;
                    bio_links: ({
                        title: string | null;
                        lynx_url: string | null;
                        url: string | null;
                        link_type: string | null;
                    } & {
                        [key: string]: unknown;
                    })[];
                    external_url: string | null;
                    edge_followed_by: {
                        count: number | null;
                    };
                    edge_follow: {
                        count: number | null;
                    };
                    is_private: boolean | null;
                    is_verified: boolean | null;
                    is_business_account: boolean | null;
                    is_professional_account: boolean | null;
                    category_name: string | null;
                    business_address_json: string | null;
                    business_email: string | null;
                    business_phone_number: string | null;
                    profile_pic_url: string | null;
                    profile_pic_url_hd: string | null;
                    highlight_reel_count: number | null;
                    has_clips: boolean | null;
                    edge_owner_to_timeline_media: {
                        count: number | null;
                        page_info: {
                            has_next_page: boolean;
                            end_cursor: string | null;
                        };
                        edges: {
                            node: {
                                id: string;
                                shortcode: string;
                                dimensions: {
                                    height: number | null;
                                    width: number | null;
                                } | null;
                                display_url: string | null;
                                is_video: boolean | null;
                                video_url: string | null;
                                video_view_count: number | null;
                                edge_media_to_comment: {
                                    count: number | null;
                                };
                                edge_liked_by: {
                                    count: number | null;
                                };
                                taken_at_timestamp: number | null;
                                thumbnail_src: string | null;
                                thumbnail_resources: ({
                                    src: string | null;
                                    config_width: number | null;
                                    config_height: number | null;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                owner: ({
                                    id: string | null;
                                    username: string | null;
                                } & {
                                    [key: string]: unknown;
                                }) | null;
                                __typename?: unknown;
                            } & {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                } & {
                    [key: string]: unknown;
                };
            };
            status: string;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        SocialProfilesResult: {
            source: {
                platform: string;
                handle: string;
                url: string;
            };
            profiles: {
                platform: string;
                handle: string;
                url: string;
                confidence: number;
                evidence: ("source_profile" | "link_in_bio" | "verified_profile_link" | "same_handle_match" | "shared_website" | "website_link" | "websearch_match" | "display_name_match" | "reciprocal_profile_link" | "domain_handle" | "verified_field_link" | "paired_account" | "shared_link_page" | "shared_contact" | "creator_mention" | "second_account_marker" | "fan_marker" | "lookalike_handle" | "links_elsewhere" | "unconfirmed_link" | "unverified_field_link" | "website_credit" | "other_person" | "site_handle")[];
            }[];
            link_in_bio_urls: string[];
            expanded_website_urls: string[];
            source_linked_profile_urls: string[];
            failed_source_linked_profile_urls: string[];
            same_handle_candidate_urls: string[];
            partial: boolean;
            failed_link_in_bio_urls: string[];
            failed_website_urls: string[];
            same_handle_search_partial: boolean;
            websearch_used: boolean;
            websearch_failed: boolean;
            websearch_candidate_urls: string[];
            websearch_candidate_link_in_bio_urls: string[];
            failed_websearch_candidate_link_in_bio_urls: string[];
            verified_websearch_candidate_urls: string[];
            failed_websearch_candidate_urls: string[];
            websearch_verification_partial: boolean;
        };
        VideoChannel: {
            channelId: string;
            channel: string | null;
            name: string | null;
            avatar: ({
                image: {
                    sources: {
                        url: string;
                        width: number | null;
                        height: number | null;
                    }[];
                } & {
                    [key: string]: unknown;
                };
                avatarImageSize: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            description: string | null;
            subscriberCount: number | null;
            subscriberCountText: string | null;
            videoCountText: string | null;
            viewCountText: string | null;
            joinedDateText: string | null;
            tags: string | null;
            email: string | null;
            store: string | null;
            links: string[];
            country: string | null;
            "audio-a"?: string;
            "audio-b"?: string;
            "audio-c"?: string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b"?: string;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon?: string;
            shortvideo?: string;
            "social-a"?: string;
            "social-b"?: string;
            video?: string;
            professional?: string;
            twitch?: string;
            snapchat?: string;
            discord?: string;
            telegram?: string;
            whatsapp?: string;
            patreon?: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium?: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store?: string;
            google_app_store?: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
        };
        VideoChannelResponse: {
            channelId: string;
            channel: string | null;
            name: string | null;
            avatar: ({
                image: {
                    sources: {
                        url: string;
                        width: number | null;
                        height: number | null;
                    }[];
                } & {
                    [key: string]: unknown;
                };
                avatarImageSize: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            description: string | null;
            subscriberCount: number | null;
            subscriberCountText: string | null;
            videoCountText: string | null;
            viewCountText: string | null;
            joinedDateText: string | null;
            tags: string | null;
            email: string | null;
            store: string | null;
            links: string[];
            country: string | null;
            "audio-a"?: string;
            "audio-b"?: string;
            "audio-c"?: string;
            blog?: string;
            code?: string;
            forum?: string;
            "linkpage-a"?: string;
            "linkpage-b"?: string;
            "linkpage-c"?: string;
            "linkpage-d"?: string;
            "linkpage-e"?: string;
            livestream?: string;
            "microblog-a"?: string;
            "microblog-b"?: string;
            "microblog-c"?: string;
            "microblog-d"?: string;
            moodboard?: string;
            newsletter?: string;
            pinboard?: string;
            "retail-shop"?: string;
            amazon?: string;
            shortvideo?: string;
            "social-a"?: string;
            "social-b"?: string;
            video?: string;
            professional?: string;
            twitch?: string;
            snapchat?: string;
            discord?: string;
            telegram?: string;
            whatsapp?: string;
            patreon?: string;
            onlyfans?: string;
            cameo?: string;
            bandcamp?: string;
            vimeo?: string;
            medium?: string;
            kofi?: string;
            buymeacoffee?: string;
            gumroad?: string;
            etsy?: string;
            venmo?: string;
            cashapp?: string;
            paypal?: string;
            vsco?: string;
            behance?: string;
            dribbble?: string;
            vk?: string;
            imdb?: string;
            deezer?: string;
            tidal?: string;
            audiomack?: string;
            amazon_music?: string;
            apple_podcasts?: string;
            apple_app_store?: string;
            google_app_store?: string;
            beacons?: string;
            stan?: string;
            biolink?: string;
            campsite?: string;
            tapbio?: string;
            linkinbio?: string;
            solo?: string;
            snipfeed?: string;
            carrd?: string;
            hoobe?: string;
            milkshake?: string;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        VideoComment: {
            /** @description YouTube’s comment id (Ugw…) */
            commentId: string;
            /** @description The comment as written (line breaks kept) */
            text: string | null;
            author: {
                /** @description UC… id of the commenter’s channel */
                channelId: string | null;
                /** @description As shown: "@handle" for most commenters */
                name: string | null;
                /** @description "@handle" when the shown name is one; null otherwise */
                handle: string | null;
                /** @description A verified channel */
                isVerified: boolean;
                /** @description The video’s own channel */
                isCreator: boolean;
            };
            /** @description Likes when YouTube shows an exact number (0 when it shows none); null for a rounded "1.2K" */
            likeCount: number | null;
            /** @description As shown: "87", "1.2K"; null when YouTube shows none (no likes) */
            likeCountText: string | null;
            /** @description Replies (0 when none); null when YouTube shows a rounded count */
            replyCount: number | null;
            /** @description As shown: "2 years ago", "3 days ago (edited)" */
            publishedTimeText: string | null;
            /** @description Pinned by the channel */
            isPinned: boolean;
            /** @description Hearted by the channel; null when the answer does not say */
            isHearted: boolean | null;
        };
        VideoCommentsPage: {
            /** @description The 11-character video id */
            videoId: string;
            /** @description Comments are turned off (or replaced by a live chat): comments [] and cursor null */
            commentsDisabled: boolean;
            /** @description Top-level comments, in the order asked (sort) */
            comments: components["schemas"]["VideoComment"][];
            /** @description Pass unchanged as `cursor` (with the same video and sort) for the next page; null at the end */
            cursor: string | null;
        };
        VideoCommentsResponse: {
            /** @description The 11-character video id */
            videoId: string;
            /** @description Comments are turned off (or replaced by a live chat): comments [] and cursor null */
            commentsDisabled: boolean;
            /** @description Top-level comments, in the order asked (sort) */
            comments: components["schemas"]["VideoComment"][];
            /** @description Pass unchanged as `cursor` (with the same video and sort) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        VideoListItem: {
            /** @description The 11-character video id */
            videoId: string;
            title: string | null;
            /** @description As shown: "4,413 views", "1.2K watching"; null where YouTube shows none (upcoming, members-only) */
            viewCountText: string | null;
            /** @description As shown: "9 days ago", "Streamed 2 weeks ago"; null for Shorts and upcoming streams */
            publishedTimeText: string | null;
            /** @description As shown: "56:56"; null for Shorts and live streams */
            lengthText: string | null;
            thumbnails: {
                url: string;
                width: number | null;
                height: number | null;
            }[];
        };
        VideoPlaylistPage: {
            /** @description The playlist; null on later pages (a continuation answer carries no header) */
            playlist: {
                /** @description PL…, UU…, OLAK5uy_… */
                playlistId: string;
                title: string | null;
                /** @description As written; null when the playlist has none */
                description: string | null;
                /** @description The channel the playlist is of; null when the answer names none */
                owner: {
                    /** @description The channel's name */
                    name: string | null;
                    /** @description UC… id of the channel */
                    channelId: string | null;
                    /** @description Without the @; null when the answer names none */
                    handle: string | null;
                } | null;
                /** @description Videos, when YouTube shows an exact count ("4,999 videos"); null otherwise */
                videoCount: number | null;
                /** @description As shown: "150 videos" */
                videoCountText: string | null;
                /** @description As shown: "143,206 views" */
                viewCountText: string | null;
                /** @description As shown: "Last updated on 13 Jan 2026", "Updated 4 days ago" */
                lastUpdatedText: string | null;
                /** @description PUBLIC or UNLISTED; null when the answer does not say */
                privacy: ("PUBLIC" | "UNLISTED") | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            /** @description The page's videos, in the playlist's order */
            videos: {
                /** @description The 11-character video id */
                videoId: string;
                /** @description As shown; "[Private video]" / "[Deleted video]" for unavailable ones */
                title: string | null;
                /** @description Position in the playlist, from 1 */
                index: number | null;
                /** @description Duration in seconds; null for live streams and unavailable videos */
                lengthSeconds: number | null;
                /** @description As shown: "3:33" */
                lengthText: string | null;
                /** @description The video’s channel (fields null when the item names none) */
                channel: {
                    name: string | null;
                    channelId: string | null;
                };
                /** @description False for private and deleted videos; null when the answer does not say (2025+ lockups) */
                isPlayable: boolean | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
            }[];
            /** @description Pass unchanged as `cursor` (with the same playlist) for the next page; null at the end */
            cursor: string | null;
        };
        VideoPlaylistResponse: {
            /** @description The playlist; null on later pages (a continuation answer carries no header) */
            playlist: {
                /** @description PL…, UU…, OLAK5uy_… */
                playlistId: string;
                title: string | null;
                /** @description As written; null when the playlist has none */
                description: string | null;
                /** @description The channel the playlist is of; null when the answer names none */
                owner: {
                    /** @description The channel's name */
                    name: string | null;
                    /** @description UC… id of the channel */
                    channelId: string | null;
                    /** @description Without the @; null when the answer names none */
                    handle: string | null;
                } | null;
                /** @description Videos, when YouTube shows an exact count ("4,999 videos"); null otherwise */
                videoCount: number | null;
                /** @description As shown: "150 videos" */
                videoCountText: string | null;
                /** @description As shown: "143,206 views" */
                viewCountText: string | null;
                /** @description As shown: "Last updated on 13 Jan 2026", "Updated 4 days ago" */
                lastUpdatedText: string | null;
                /** @description PUBLIC or UNLISTED; null when the answer does not say */
                privacy: ("PUBLIC" | "UNLISTED") | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
            } | null;
            /** @description The page's videos, in the playlist's order */
            videos: {
                /** @description The 11-character video id */
                videoId: string;
                /** @description As shown; "[Private video]" / "[Deleted video]" for unavailable ones */
                title: string | null;
                /** @description Position in the playlist, from 1 */
                index: number | null;
                /** @description Duration in seconds; null for live streams and unavailable videos */
                lengthSeconds: number | null;
                /** @description As shown: "3:33" */
                lengthText: string | null;
                /** @description The video’s channel (fields null when the item names none) */
                channel: {
                    name: string | null;
                    channelId: string | null;
                };
                /** @description False for private and deleted videos; null when the answer does not say (2025+ lockups) */
                isPlayable: boolean | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
            }[];
            /** @description Pass unchanged as `cursor` (with the same playlist) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        VideoPost: {
            /** @description YouTube’s post id (Ugkx…) */
            postId: string;
            /** @description The post’s text; null for a post without text */
            text: string | null;
            /** @description As shown: "2 days ago", "1 month ago (edited)" */
            publishedTimeText: string | null;
            /** @description As shown: "87", "1.2K"; null when YouTube shows none (no likes) */
            likeCountText: string | null;
            /** @description Likes when YouTube shows an exact number (0 when it shows none); null for a rounded "1.2K", and for a shared post (no count of its own) */
            likeCount: number | null;
            /** @description As the comment button shows it: "55", "1.1K"; null when it shows none (no comments, or comments off), and for a shared post */
            commentCountText: string | null;
            attachment: {
                /**
                 * @description image (one picture), images (several), video, poll, or none (no attachment, or one of a kind not read here)
                 * @enum {string}
                 */
                type: "image" | "images" | "video" | "poll" | "none";
                /** @description The pictures of an image / images post; [] otherwise */
                images: {
                    /** @description Sizes of the same picture */
                    sources: {
                        url: string;
                        width: number | null;
                        height: number | null;
                    }[];
                }[];
                /** @description The video a video post shares; null otherwise (or when the answer names no video id) */
                video: components["schemas"]["VideoListItem"] | null;
                /** @description A poll post’s choices; null otherwise */
                poll: {
                    /** @description The choices' texts, in order */
                    choices: string[];
                    /** @description As shown: "1.2K votes"; null when YouTube shows none */
                    totalVotesText: string | null;
                } | null;
            };
        };
        VideoPostsPage: {
            /** @description False when the channel has no Posts tab (then `posts` is [] and `cursor` null): not an error */
            hasPostsTab: boolean;
            /** @description The posts, newest first (YouTube’s order) */
            posts: components["schemas"]["VideoPost"][];
            /** @description Pass unchanged as `cursor` (with the same channel) for the next page; null at the end */
            cursor: string | null;
        };
        VideoPostsResponse: {
            /** @description False when the channel has no Posts tab (then `posts` is [] and `cursor` null): not an error */
            hasPostsTab: boolean;
            /** @description The posts, newest first (YouTube’s order) */
            posts: components["schemas"]["VideoPost"][];
            /** @description Pass unchanged as `cursor` (with the same channel) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        VideoSearchPage: {
            /** @description Videos, channels and playlists, in YouTube's order */
            results: ({
                /** @constant */
                type: "video";
                /** @description The 11-character video id */
                videoId: string;
                title: string | null;
                /** @description As shown: "4,413 views", "1.2K watching"; null where YouTube shows none (upcoming, members-only) */
                viewCountText: string | null;
                /** @description As shown: "9 days ago", "Streamed 2 weeks ago"; null for Shorts and upcoming streams */
                publishedTimeText: string | null;
                /** @description As shown: "56:56"; null for Shorts and live streams */
                lengthText: string | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
                /** @description The channel's name */
                author: string | null;
                /** @description UC… id of the channel */
                channelId: string | null;
            } | {
                /** @constant */
                type: "channel";
                /** @description UC… id */
                channelId: string;
                title: string | null;
                /** @description Without the @; null for a channel without one */
                handle: string | null;
                /** @description As shown: "234k subscribers" */
                subscriberCountText: string | null;
                /** @description As shown: "1.2K videos"; null where YouTube shows none (2026) */
                videoCountText: string | null;
                /** @description The snippet shown */
                description: string | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
            } | {
                /** @constant */
                type: "playlist";
                playlistId: string;
                title: string | null;
                /** @description As shown: "12 videos" */
                videoCountText: string | null;
                /** @description The channel's name */
                author: string | null;
                /** @description UC… id of the channel */
                channelId: string | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
            })[];
            /** @description Pass unchanged as `cursor` (with the same query and type) for the next page; null at the end */
            cursor: string | null;
        };
        VideoSearchResponse: {
            /** @description Videos, channels and playlists, in YouTube's order */
            results: ({
                /** @constant */
                type: "video";
                /** @description The 11-character video id */
                videoId: string;
                title: string | null;
                /** @description As shown: "4,413 views", "1.2K watching"; null where YouTube shows none (upcoming, members-only) */
                viewCountText: string | null;
                /** @description As shown: "9 days ago", "Streamed 2 weeks ago"; null for Shorts and upcoming streams */
                publishedTimeText: string | null;
                /** @description As shown: "56:56"; null for Shorts and live streams */
                lengthText: string | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
                /** @description The channel's name */
                author: string | null;
                /** @description UC… id of the channel */
                channelId: string | null;
            } | {
                /** @constant */
                type: "channel";
                /** @description UC… id */
                channelId: string;
                title: string | null;
                /** @description Without the @; null for a channel without one */
                handle: string | null;
                /** @description As shown: "234k subscribers" */
                subscriberCountText: string | null;
                /** @description As shown: "1.2K videos"; null where YouTube shows none (2026) */
                videoCountText: string | null;
                /** @description The snippet shown */
                description: string | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
            } | {
                /** @constant */
                type: "playlist";
                playlistId: string;
                title: string | null;
                /** @description As shown: "12 videos" */
                videoCountText: string | null;
                /** @description The channel's name */
                author: string | null;
                /** @description UC… id of the channel */
                channelId: string | null;
                thumbnails: {
                    url: string;
                    width: number | null;
                    height: number | null;
                }[];
            })[];
            /** @description Pass unchanged as `cursor` (with the same query and type) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        VideoTranscript: {
            /** @description The 11-character video id */
            videoId: string;
            title: string | null;
            /** @description UC… id of the channel */
            channelId: string | null;
            /** @description The video's caption tracks, in YouTube's order; [] when none */
            tracks: {
                /** @description BCP-47-ish code: en, pt-BR, zh-Hant */
                languageCode: string;
                /** @description As YouTube names the track: "English (auto-generated)" */
                name: string | null;
                /** @description "asr" for automatic captions; null for captions someone wrote */
                kind: string | null;
                /** @description Automatic captions (kind "asr") */
                isAutoGenerated: boolean;
                /** @description YouTube offers machine translations of the track */
                isTranslatable: boolean;
            }[];
            /** @description The language code of the track transcribed; null when no track matched (or there are none) */
            languageCode: string | null;
            /** @description Whether the track transcribed is automatic; null when no track matched */
            isAutoGenerated: boolean | null;
            /** @description The timed lines, in order; [] when no track matched */
            segments: {
                /** @description Start, in milliseconds from the beginning of the video */
                startMs: number;
                /** @description How long the line is shown, in milliseconds */
                durationMs: number | null;
                /** @description The line; a line break where the caption has one */
                text: string;
            }[];
            /** @description The segments' texts, one per line; null when no track matched */
            text: string | null;
        };
        VideoTranscriptRecord: {
            transcript: components["schemas"]["VideoTranscript"];
        };
        VideoTranscriptResponse: {
            transcript: components["schemas"]["VideoTranscript"];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        VideoVideo: {
            /** @description The 11-character video id */
            videoId: string;
            title: string | null;
            /** @description The full description */
            description: string | null;
            /** @description Duration in seconds (0 for a live stream in progress) */
            lengthSeconds: number | null;
            /** @description Exact views */
            viewCount: number | null;
            /** @description Likes: exact where YouTube says; null when the channel hides them or ratings are off */
            likeCount: number | null;
            /** @description UC… id of the channel */
            channelId: string | null;
            /** @description The channel's name */
            author: string | null;
            /** @description As YouTube states it: ISO 8601 with offset (2023-06-19T11:00:10-07:00), or a date */
            publishDate: string | null;
            /** @description YouTube category: Music, Gaming… */
            category: string | null;
            /** @description The uploader's tags; [] when none */
            keywords: string[];
            /** @description Live right now */
            isLive: boolean;
            /** @description Caption tracks; [] when none */
            captions: {
                /** @description BCP-47-ish code: en, pt-BR */
                languageCode: string;
                /** @description "asr" for automatic captions; null for captions someone wrote */
                kind: string | null;
                /** @description As YouTube names the track: "English (auto-generated)" */
                name: string | null;
            }[];
        };
        VideoVideoRecord: {
            video: components["schemas"]["VideoVideo"];
        };
        VideoVideoResponse: {
            video: components["schemas"]["VideoVideo"];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        VideoVideosPage: {
            /** @description The tab's videos, in YouTube's order */
            videos: components["schemas"]["VideoListItem"][];
            /** @description Pass unchanged as `cursor` (with the same channel and tab) for the next page; null at the end */
            cursor: string | null;
        };
        VideoVideosResponse: {
            /** @description The tab's videos, in YouTube's order */
            videos: components["schemas"]["VideoListItem"][];
            /** @description Pass unchanged as `cursor` (with the same channel and tab) for the next page; null at the end */
            cursor: string | null;
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
        WebSearchPage: {
            results: {
                url: string;
                title: string;
                description: string;
            }[];
        };
        WebsearchSearchResponse: {
            results: {
                url: string;
                title: string;
                description: string;
            }[];
            /** @constant */
            success: true;
            credits_remaining: number;
            credits_charged: number;
            /** @constant */
            cached?: true;
            cached_at?: string;
        };
    };
    responses: {
        /** @description INVALID_INPUT: a parameter is missing or invalid (details name each one); 0 credits */
        InvalidInput: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description UNAUTHORIZED: missing, unknown or revoked API key */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description INSUFFICIENT_CREDITS: the balance cannot cover this request */
        InsufficientCredits: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description PRIVATE_CONTENT: the account or post is private (never accessed) */
        PrivateContent: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description NOT_FOUND: the resource does not exist upstream */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description RATE_LIMITED: the key's request rate is used up; Retry-After says when to try again; 0 credits */
        RateLimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description UPSTREAM_FAILED or UPSTREAM_BLOCKED */
        UpstreamFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description SERVICE_UNAVAILABLE: a store is unreachable, the gateway is shutting down, or media downloads are busy; Retry-After says when to try again; 0 credits */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description UPSTREAM_TIMEOUT */
        UpstreamTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The health view */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** Format: date-time */
                        generated_at: string;
                        /** @description The sliding window the numbers cover (HEALTH_WINDOW_MS) */
                        window_seconds: number;
                        platforms: {
                            /** @description The platform label */
                            platform: string;
                            /**
                             * @description ok at ≥ 90 % success, degraded at ≥ 50 %, failing below; unknown without traffic (then the canaries decide)
                             * @enum {string}
                             */
                            status: "ok" | "degraded" | "failing" | "unknown";
                            /** @description Live fetches within the window (not cache hits, not input errors) */
                            requests: number;
                            /** @description `ok` and `not_found`: the platform answered as expected */
                            successes: number;
                            failures: number;
                            success_rate: number | null;
                            outcomes: {
                                ok: number;
                                not_found: number;
                                blocked: number;
                                timeout: number;
                                failed: number;
                            };
                            latency_ms: {
                                p50: number | null;
                                p95: number | null;
                                mean: number | null;
                            };
                            last_error: {
                                code: string;
                                message: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @description Upstream answers the block catalogue recognised within the window, by vendor or wall */
                            blocks: {
                                total: number;
                                by_source: {
                                    source: string;
                                    count: number;
                                }[];
                            };
                            canaries: {
                                label: string;
                                target: string;
                                ok: boolean;
                                /** @enum {string} */
                                outcome: "ok" | "not_found" | "blocked" | "timeout" | "failed";
                                /** Format: date-time */
                                checked_at: string;
                                latency_ms: number;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                            }[];
                            /** @description Fields the platform answers lacked within the window (returned as null); they do not change the status */
                            parser_warnings: {
                                total: number;
                                /** @description Per `record.field` */
                                fields: {
                                    [key: string]: number;
                                };
                            };
                        }[];
                    };
                };
            };
        };
    };
    account: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        account: {
                            key_id: string;
                            name: string;
                            /** @description The last 4 characters of the key */
                            hint: string;
                            balance: number;
                            /** Format: date-time */
                            created_at: string;
                            rate_limit: {
                                rps: number;
                                burst: number;
                                own: boolean;
                            } | null;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    accountTransactions: {
        parameters: {
            query?: {
                /** @description Rows after this id: the previous page's next_after */
                after?: number;
                limit?: number;
                /** @description Only this operation, e.g. code/repository */
                operation?: string;
                /** @description Only rows that last changed at or after this ISO 8601 date or date-time */
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        transactions: {
                            /** @description Increasing in the order rows were first written: the `after` cursor */
                            id: number;
                            /**
                             * Format: date-time
                             * @description When the row last changed (a job's row: its latest item's settlement)
                             */
                            time: string;
                            /** @enum {string} */
                            kind: "grant" | "charge";
                            /** @description The request charged (x-request-id); null for grants and jobs */
                            request_id: string | null;
                            /** @description The operation charged, by /v1 path without /v1/ (code/repository) */
                            operation: string | null;
                            job_id: string | null;
                            monitor_id: string | null;
                            /** @description Signed: grants +, charges − */
                            credits: number;
                            /** @description The key's settled balance right after this row's (latest) movement */
                            balance_after: number;
                            /** @description false: a job still running, whose row changes as its items settle */
                            final: boolean;
                        }[];
                        /** @description null on the last page */
                        next_after: number | null;
                    };
                };
            };
            /** @description INVALID_INPUT */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listJobs: {
        parameters: {
            query?: {
                /** @description Only jobs with this status */
                status?: "queued" | "running" | "completed" | "cancelled" | "stopped_at_cap" | "stopped_no_credits";
                /** @description Jobs per page */
                limit?: number;
                /** @description The previous page's next_after (opaque): the jobs older than its last */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        jobs: {
                            id: string;
                            /** @description The /v1 GET path each item runs */
                            operation: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "cancelled" | "stopped_at_cap" | "stopped_no_credits";
                            items: number;
                            counts: {
                                /** @description Items finished: ok + failed */
                                done: number;
                                ok: number;
                                /** @description ok items served from cache (0 credits) */
                                cached: number;
                                /** @description Items whose single request would have answered an error (0 credits) */
                                failed: number;
                                /** @description Items a stopped or cancelled job did not run */
                                skipped: number;
                            };
                            /** @description The sum of the items' charges */
                            credits_charged: number;
                            max_credits: number | null;
                            cache_max_age?: string | null;
                            webhook_url?: string | null;
                            /** @description How the delivery of the job's latest event went (null: the job has no webhook) */
                            webhook?: {
                                /** @description Deliveries tried for the latest event (0 until the job ends; it starts again at each end) */
                                attempts: number;
                                /** @description The latest attempt's HTTP status (null: none tried, or no answer came) */
                                last_status: number | null;
                                /** @description What went wrong with the latest attempt, in a line: HTTP 503, a timeout, refused by the SSRF guard: … (null: none tried, or delivered) */
                                last_error: string | null;
                                /** @description true: delivered (a 2xx); false: given up — refused by the SSRF guard (not retried) or JOBS_WEBHOOK_ATTEMPTS failed; null: not yet either */
                                delivered: boolean | null;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: date-time */
                            finished_at?: string | null;
                            /** @description Seconds left at the current rate (null while unknown) */
                            eta_s: number | null;
                        }[];
                        /** @description `after` of the next page; null on the last */
                        next_after: string | null;
                    };
                };
            };
            /** @description INVALID_INPUT: status, limit or after (details name it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key's rate limit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createJob: {
        parameters: {
            query?: {
                /** @description NDJSON / CSV uploads: the operation */
                operation?: string;
                /** @description NDJSON / CSV uploads */
                cache_max_age?: string;
                /** @description NDJSON / CSV uploads */
                max_credits?: number;
                /** @description NDJSON / CSV uploads (or the Idempotency-Key header) */
                idempotency_key?: string;
                /** @description NDJSON / CSV uploads; its secret in the x-webhook-secret header */
                webhook_url?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Any /v1 GET path (see this document)
                     * @example /v1/code/repository
                     */
                    operation: string;
                    /** @description Each item: the operation's query parameters */
                    items: {
                        [key: string]: string | number | boolean;
                    }[];
                    /**
                     * @description For every item that does not set its own
                     * @enum {string}
                     */
                    cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
                    /** @description Cap: an item that would need more than what is left is not run (stopped_at_cap) */
                    max_credits?: number;
                    webhook?: {
                        /** Format: uri */
                        url: string;
                        secret: string;
                    };
                    /** @description The same key from the same API key returns the existing job */
                    idempotency_key?: string;
                };
                "application/x-ndjson": string;
                "text/csv": string;
            };
        };
        responses: {
            /** @description The job (an existing one for a repeated idempotency_key) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        job: {
                            id: string;
                            /** @description The /v1 GET path each item runs */
                            operation: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "cancelled" | "stopped_at_cap" | "stopped_no_credits";
                            items: number;
                            counts: {
                                /** @description Items finished: ok + failed */
                                done: number;
                                ok: number;
                                /** @description ok items served from cache (0 credits) */
                                cached: number;
                                /** @description Items whose single request would have answered an error (0 credits) */
                                failed: number;
                                /** @description Items a stopped or cancelled job did not run */
                                skipped: number;
                            };
                            /** @description The sum of the items' charges */
                            credits_charged: number;
                            max_credits: number | null;
                            cache_max_age?: string | null;
                            webhook_url?: string | null;
                            /** @description How the delivery of the job's latest event went (null: the job has no webhook) */
                            webhook?: {
                                /** @description Deliveries tried for the latest event (0 until the job ends; it starts again at each end) */
                                attempts: number;
                                /** @description The latest attempt's HTTP status (null: none tried, or no answer came) */
                                last_status: number | null;
                                /** @description What went wrong with the latest attempt, in a line: HTTP 503, a timeout, refused by the SSRF guard: … (null: none tried, or delivered) */
                                last_error: string | null;
                                /** @description true: delivered (a 2xx); false: given up — refused by the SSRF guard (not retried) or JOBS_WEBHOOK_ATTEMPTS failed; null: not yet either */
                                delivered: boolean | null;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: date-time */
                            finished_at?: string | null;
                            /** @description Seconds left at the current rate (null while unknown) */
                            eta_s: number | null;
                        };
                    };
                };
            };
            /** @description INVALID_INPUT: details name each item and parameter (items[3].url); 0 credits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INSUFFICIENT_CREDITS: the balance does not cover the first item */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: an upload over JOBS_MAX_BODY_MB or a JSON body over JOBS_MAX_JSON_BODY_MB, or the key's stored jobs over JOBS_KEY_QUOTA_MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key's rate limit, JOBS_MAX_RUNNING_PER_KEY unfinished jobs, or job bodies being read at once (JOBS_BODIES_PER_KEY, JOBS_BODIES_AT_ONCE; Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    estimateJob: {
        parameters: {
            query?: {
                /** @description NDJSON / CSV uploads: the operation */
                operation?: string;
                /** @description NDJSON / CSV uploads */
                cache_max_age?: string;
                /** @description NDJSON / CSV uploads */
                max_credits?: number;
                /** @description NDJSON / CSV uploads (or the Idempotency-Key header) */
                idempotency_key?: string;
                /** @description NDJSON / CSV uploads; its secret in the x-webhook-secret header */
                webhook_url?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Any /v1 GET path (see this document)
                     * @example /v1/code/repository
                     */
                    operation: string;
                    /** @description Each item: the operation's query parameters */
                    items: {
                        [key: string]: string | number | boolean;
                    }[];
                    /**
                     * @description For every item that does not set its own
                     * @enum {string}
                     */
                    cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
                    /** @description Cap: an item that would need more than what is left is not run (stopped_at_cap) */
                    max_credits?: number;
                    webhook?: {
                        /** Format: uri */
                        url: string;
                        secret: string;
                    };
                    /** @description The same key from the same API key returns the existing job */
                    idempotency_key?: string;
                };
                "application/x-ndjson": string;
                "text/csv": string;
            };
        };
        responses: {
            /** @description The estimate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        estimate: {
                            items: number;
                            /** @description Every item at its maximum */
                            max_possible_credits: number;
                            /**
                             * @deprecated
                             * @description Deprecated alias of max_possible_credits (not a job's max_credits cap); removed in the next release
                             */
                            max_credits: number;
                            /** @description Items in the cache within their cache_max_age now */
                            cached: number;
                            /** @description The maximum of the items not cached */
                            expected_credits: number;
                        };
                    };
                };
            };
            /** @description INVALID_INPUT */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: an upload over JOBS_MAX_BODY_MB or a JSON body over JOBS_MAX_JSON_BODY_MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key's rate limit, or job bodies being read at once (JOBS_BODIES_PER_KEY, JOBS_BODIES_AT_ONCE; Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        job: {
                            id: string;
                            /** @description The /v1 GET path each item runs */
                            operation: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "cancelled" | "stopped_at_cap" | "stopped_no_credits";
                            items: number;
                            counts: {
                                /** @description Items finished: ok + failed */
                                done: number;
                                ok: number;
                                /** @description ok items served from cache (0 credits) */
                                cached: number;
                                /** @description Items whose single request would have answered an error (0 credits) */
                                failed: number;
                                /** @description Items a stopped or cancelled job did not run */
                                skipped: number;
                            };
                            /** @description The sum of the items' charges */
                            credits_charged: number;
                            max_credits: number | null;
                            cache_max_age?: string | null;
                            webhook_url?: string | null;
                            /** @description How the delivery of the job's latest event went (null: the job has no webhook) */
                            webhook?: {
                                /** @description Deliveries tried for the latest event (0 until the job ends; it starts again at each end) */
                                attempts: number;
                                /** @description The latest attempt's HTTP status (null: none tried, or no answer came) */
                                last_status: number | null;
                                /** @description What went wrong with the latest attempt, in a line: HTTP 503, a timeout, refused by the SSRF guard: … (null: none tried, or delivered) */
                                last_error: string | null;
                                /** @description true: delivered (a 2xx); false: given up — refused by the SSRF guard (not retried) or JOBS_WEBHOOK_ATTEMPTS failed; null: not yet either */
                                delivered: boolean | null;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: date-time */
                            finished_at?: string | null;
                            /** @description Seconds left at the current rate (null while unknown) */
                            eta_s: number | null;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such job for this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job, cancelled (a finished one unchanged) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        job: {
                            id: string;
                            /** @description The /v1 GET path each item runs */
                            operation: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "cancelled" | "stopped_at_cap" | "stopped_no_credits";
                            items: number;
                            counts: {
                                /** @description Items finished: ok + failed */
                                done: number;
                                ok: number;
                                /** @description ok items served from cache (0 credits) */
                                cached: number;
                                /** @description Items whose single request would have answered an error (0 credits) */
                                failed: number;
                                /** @description Items a stopped or cancelled job did not run */
                                skipped: number;
                            };
                            /** @description The sum of the items' charges */
                            credits_charged: number;
                            max_credits: number | null;
                            cache_max_age?: string | null;
                            webhook_url?: string | null;
                            /** @description How the delivery of the job's latest event went (null: the job has no webhook) */
                            webhook?: {
                                /** @description Deliveries tried for the latest event (0 until the job ends; it starts again at each end) */
                                attempts: number;
                                /** @description The latest attempt's HTTP status (null: none tried, or no answer came) */
                                last_status: number | null;
                                /** @description What went wrong with the latest attempt, in a line: HTTP 503, a timeout, refused by the SSRF guard: … (null: none tried, or delivered) */
                                last_error: string | null;
                                /** @description true: delivered (a 2xx); false: given up — refused by the SSRF guard (not retried) or JOBS_WEBHOOK_ATTEMPTS failed; null: not yet either */
                                delivered: boolean | null;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: date-time */
                            finished_at?: string | null;
                            /** @description Seconds left at the current rate (null while unknown) */
                            eta_s: number | null;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    jobResults: {
        parameters: {
            query?: {
                /** @description Only items with a greater index (resume a download); -1, the default: from the first */
                after?: number;
                format?: "ndjson" | "csv";
            };
            header?: never;
            path: {
                /** @description The job id (job_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One line per finished item: {"index", "input", "status", "code", "credits_charged", "cached", "body"} (body: what the single request answers) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            /** @description INVALID_INPUT: after or format (details name it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    jobEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream; each data: the job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key's rate limit, or JOBS_MAX_STREAMS_PER_KEY progress streams open on this instance (with GraphQL lookupJobProgress); Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resumeJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (job_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    max_credits?: number | null;
                };
            };
        };
        responses: {
            /** @description The job, queued again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        job: {
                            id: string;
                            /** @description The /v1 GET path each item runs */
                            operation: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "cancelled" | "stopped_at_cap" | "stopped_no_credits";
                            items: number;
                            counts: {
                                /** @description Items finished: ok + failed */
                                done: number;
                                ok: number;
                                /** @description ok items served from cache (0 credits) */
                                cached: number;
                                /** @description Items whose single request would have answered an error (0 credits) */
                                failed: number;
                                /** @description Items a stopped or cancelled job did not run */
                                skipped: number;
                            };
                            /** @description The sum of the items' charges */
                            credits_charged: number;
                            max_credits: number | null;
                            cache_max_age?: string | null;
                            webhook_url?: string | null;
                            /** @description How the delivery of the job's latest event went (null: the job has no webhook) */
                            webhook?: {
                                /** @description Deliveries tried for the latest event (0 until the job ends; it starts again at each end) */
                                attempts: number;
                                /** @description The latest attempt's HTTP status (null: none tried, or no answer came) */
                                last_status: number | null;
                                /** @description What went wrong with the latest attempt, in a line: HTTP 503, a timeout, refused by the SSRF guard: … (null: none tried, or delivered) */
                                last_error: string | null;
                                /** @description true: delivered (a 2xx); false: given up — refused by the SSRF guard (not retried) or JOBS_WEBHOOK_ATTEMPTS failed; null: not yet either */
                                delivered: boolean | null;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: date-time */
                            finished_at?: string | null;
                            /** @description Seconds left at the current rate (null while unknown) */
                            eta_s: number | null;
                        };
                    };
                };
            };
            /** @description INVALID_INPUT: the job is completed or cancelled */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INSUFFICIENT_CREDITS: the balance does not cover the next item */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMonitors: {
        parameters: {
            query?: {
                status?: "active" | "paused" | "stopped_no_credits" | "stopped_failing";
                limit?: number;
                /** @description A page's next_after */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of monitors */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        monitors: {
                            id: string;
                            /** @description The /v1 GET path each run requests */
                            operation: string;
                            /** @description The operation's query parameters */
                            params: {
                                [key: string]: string;
                            };
                            /** @description 1h, 6h, 12h, 1d or 7d */
                            every: string;
                            /** @description Watched fields: dotted paths into the record */
                            watch: string[];
                            /** @enum {string} */
                            status: "active" | "paused" | "stopped_no_credits" | "stopped_failing";
                            /**
                             * Format: date-time
                             * @description When the next run is due (null unless active)
                             */
                            next_run_at: string | null;
                            /** Format: date-time */
                            last_run_at: string | null;
                            last_run: {
                                /** Format: date-time */
                                at: string;
                                /**
                                 * @description ok: fetched live; cached: a recent answer reused (0 credits); failed: an error (0 credits); skipped: not run (no credits, or max_credits_per_day)
                                 * @enum {string}
                                 */
                                result: "ok" | "cached" | "failed" | "skipped";
                                /** @description The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one */
                                code: string | null;
                                credits_charged: number;
                                /** @description Changes the run found */
                                changed: number;
                            } | null;
                            /** @description Runs made (ok, cached or failed) */
                            runs: number;
                            /** @description The sum of the runs' charges */
                            credits_charged: number;
                            max_credits_per_day: number | null;
                            /** @description Charged today (UTC): what max_credits_per_day counts */
                            credits_today: number;
                            webhook_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        /** @description `after` of the next page; null on the last */
                        next_after: string | null;
                    };
                };
            };
            /** @description INVALID_INPUT */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Any /v1 GET path (see this document)
                     * @example /v1/video/channel
                     */
                    operation: string;
                    /**
                     * @description The operation's query parameters (cache_max_age not taken)
                     * @example {
                     *       "handle": "talaokafor"
                     *     }
                     */
                    params: Record<string, never>;
                    /**
                     * @description At least MONITORS_MIN_INTERVAL
                     * @enum {string}
                     */
                    every: "1h" | "6h" | "12h" | "1d" | "7d";
                    /** @description Dotted paths into the record (a list step maps over its items: emails.email); default: the operation's tracked fields */
                    watch?: string[];
                    webhook?: {
                        /** @description http(s) URL the events are POSTed to (refused: private and loopback addresses) */
                        url: string;
                        /** @description The HMAC-SHA256 key deliveries are signed with (stored sealed) */
                        secret: string;
                    };
                    /** @description Runs that would take the day (UTC) past it are skipped */
                    max_credits_per_day?: number | null;
                };
            };
        };
        responses: {
            /** @description The monitor; its first run is due at once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        monitor: {
                            id: string;
                            /** @description The /v1 GET path each run requests */
                            operation: string;
                            /** @description The operation's query parameters */
                            params: {
                                [key: string]: string;
                            };
                            /** @description 1h, 6h, 12h, 1d or 7d */
                            every: string;
                            /** @description Watched fields: dotted paths into the record */
                            watch: string[];
                            /** @enum {string} */
                            status: "active" | "paused" | "stopped_no_credits" | "stopped_failing";
                            /**
                             * Format: date-time
                             * @description When the next run is due (null unless active)
                             */
                            next_run_at: string | null;
                            /** Format: date-time */
                            last_run_at: string | null;
                            last_run: {
                                /** Format: date-time */
                                at: string;
                                /**
                                 * @description ok: fetched live; cached: a recent answer reused (0 credits); failed: an error (0 credits); skipped: not run (no credits, or max_credits_per_day)
                                 * @enum {string}
                                 */
                                result: "ok" | "cached" | "failed" | "skipped";
                                /** @description The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one */
                                code: string | null;
                                credits_charged: number;
                                /** @description Changes the run found */
                                changed: number;
                            } | null;
                            /** @description Runs made (ok, cached or failed) */
                            runs: number;
                            /** @description The sum of the runs' charges */
                            credits_charged: number;
                            max_credits_per_day: number | null;
                            /** @description Charged today (UTC): what max_credits_per_day counts */
                            credits_today: number;
                            webhook_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description INVALID_INPUT: each problem names its parameter; nothing is created */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key's rate limit, or MONITORS_MAX_PER_KEY monitors already */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The monitor id (mon_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        monitor: {
                            id: string;
                            /** @description The /v1 GET path each run requests */
                            operation: string;
                            /** @description The operation's query parameters */
                            params: {
                                [key: string]: string;
                            };
                            /** @description 1h, 6h, 12h, 1d or 7d */
                            every: string;
                            /** @description Watched fields: dotted paths into the record */
                            watch: string[];
                            /** @enum {string} */
                            status: "active" | "paused" | "stopped_no_credits" | "stopped_failing";
                            /**
                             * Format: date-time
                             * @description When the next run is due (null unless active)
                             */
                            next_run_at: string | null;
                            /** Format: date-time */
                            last_run_at: string | null;
                            last_run: {
                                /** Format: date-time */
                                at: string;
                                /**
                                 * @description ok: fetched live; cached: a recent answer reused (0 credits); failed: an error (0 credits); skipped: not run (no credits, or max_credits_per_day)
                                 * @enum {string}
                                 */
                                result: "ok" | "cached" | "failed" | "skipped";
                                /** @description The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one */
                                code: string | null;
                                credits_charged: number;
                                /** @description Changes the run found */
                                changed: number;
                            } | null;
                            /** @description Runs made (ok, cached or failed) */
                            runs: number;
                            /** @description The sum of the runs' charges */
                            credits_charged: number;
                            max_credits_per_day: number | null;
                            /** @description Charged today (UTC): what max_credits_per_day counts */
                            credits_today: number;
                            webhook_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such monitor for this key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The monitor id (mon_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor as it was */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        /** @constant */
                        deleted: true;
                        monitor: {
                            id: string;
                            /** @description The /v1 GET path each run requests */
                            operation: string;
                            /** @description The operation's query parameters */
                            params: {
                                [key: string]: string;
                            };
                            /** @description 1h, 6h, 12h, 1d or 7d */
                            every: string;
                            /** @description Watched fields: dotted paths into the record */
                            watch: string[];
                            /** @enum {string} */
                            status: "active" | "paused" | "stopped_no_credits" | "stopped_failing";
                            /**
                             * Format: date-time
                             * @description When the next run is due (null unless active)
                             */
                            next_run_at: string | null;
                            /** Format: date-time */
                            last_run_at: string | null;
                            last_run: {
                                /** Format: date-time */
                                at: string;
                                /**
                                 * @description ok: fetched live; cached: a recent answer reused (0 credits); failed: an error (0 credits); skipped: not run (no credits, or max_credits_per_day)
                                 * @enum {string}
                                 */
                                result: "ok" | "cached" | "failed" | "skipped";
                                /** @description The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one */
                                code: string | null;
                                credits_charged: number;
                                /** @description Changes the run found */
                                changed: number;
                            } | null;
                            /** @description Runs made (ok, cached or failed) */
                            runs: number;
                            /** @description The sum of the runs' charges */
                            credits_charged: number;
                            max_credits_per_day: number | null;
                            /** @description Charged today (UTC): what max_credits_per_day counts */
                            credits_today: number;
                            webhook_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The monitor id (mon_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    every?: "1h" | "6h" | "12h" | "1d" | "7d";
                    watch?: string[];
                    webhook?: {
                        /** @description http(s) URL the events are POSTed to (refused: private and loopback addresses) */
                        url: string;
                        /** @description The HMAC-SHA256 key deliveries are signed with (stored sealed) */
                        secret: string;
                    } | null;
                    paused?: boolean;
                    max_credits_per_day?: number | null;
                };
            };
        };
        responses: {
            /** @description The monitor as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        monitor: {
                            id: string;
                            /** @description The /v1 GET path each run requests */
                            operation: string;
                            /** @description The operation's query parameters */
                            params: {
                                [key: string]: string;
                            };
                            /** @description 1h, 6h, 12h, 1d or 7d */
                            every: string;
                            /** @description Watched fields: dotted paths into the record */
                            watch: string[];
                            /** @enum {string} */
                            status: "active" | "paused" | "stopped_no_credits" | "stopped_failing";
                            /**
                             * Format: date-time
                             * @description When the next run is due (null unless active)
                             */
                            next_run_at: string | null;
                            /** Format: date-time */
                            last_run_at: string | null;
                            last_run: {
                                /** Format: date-time */
                                at: string;
                                /**
                                 * @description ok: fetched live; cached: a recent answer reused (0 credits); failed: an error (0 credits); skipped: not run (no credits, or max_credits_per_day)
                                 * @enum {string}
                                 */
                                result: "ok" | "cached" | "failed" | "skipped";
                                /** @description The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one */
                                code: string | null;
                                credits_charged: number;
                                /** @description Changes the run found */
                                changed: number;
                            } | null;
                            /** @description Runs made (ok, cached or failed) */
                            runs: number;
                            /** @description The sum of the runs' charges */
                            credits_charged: number;
                            max_credits_per_day: number | null;
                            /** @description Charged today (UTC): what max_credits_per_day counts */
                            credits_today: number;
                            webhook_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description INVALID_INPUT: each problem names its parameter; nothing is changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The monitor id (mon_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run (a failed run too: its code, 0 credits) and the monitor after it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        credits_remaining: number;
                        credits_charged: number;
                        monitor: {
                            id: string;
                            /** @description The /v1 GET path each run requests */
                            operation: string;
                            /** @description The operation's query parameters */
                            params: {
                                [key: string]: string;
                            };
                            /** @description 1h, 6h, 12h, 1d or 7d */
                            every: string;
                            /** @description Watched fields: dotted paths into the record */
                            watch: string[];
                            /** @enum {string} */
                            status: "active" | "paused" | "stopped_no_credits" | "stopped_failing";
                            /**
                             * Format: date-time
                             * @description When the next run is due (null unless active)
                             */
                            next_run_at: string | null;
                            /** Format: date-time */
                            last_run_at: string | null;
                            last_run: {
                                /** Format: date-time */
                                at: string;
                                /**
                                 * @description ok: fetched live; cached: a recent answer reused (0 credits); failed: an error (0 credits); skipped: not run (no credits, or max_credits_per_day)
                                 * @enum {string}
                                 */
                                result: "ok" | "cached" | "failed" | "skipped";
                                /** @description The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one */
                                code: string | null;
                                credits_charged: number;
                                /** @description Changes the run found */
                                changed: number;
                            } | null;
                            /** @description Runs made (ok, cached or failed) */
                            runs: number;
                            /** @description The sum of the runs' charges */
                            credits_charged: number;
                            max_credits_per_day: number | null;
                            /** @description Charged today (UTC): what max_credits_per_day counts */
                            credits_today: number;
                            webhook_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        run: {
                            /** Format: date-time */
                            at: string;
                            /**
                             * @description ok: fetched live; cached: a recent answer reused (0 credits); failed: an error (0 credits); skipped: not run (no credits, or max_credits_per_day)
                             * @enum {string}
                             */
                            result: "ok" | "cached" | "failed" | "skipped";
                            /** @description The error code of a failed run; INSUFFICIENT_CREDITS or MAX_CREDITS_PER_DAY for a skipped one */
                            code: string | null;
                            credits_charged: number;
                            /** @description Changes the run found */
                            changed: number;
                            /** @description The run's changes, oldest first: at most 1 MiB of them as stored (none when the first alone is larger) and at most 1,000 */
                            changes?: {
                                /** Format: date-time */
                                at: string;
                                /** @description The watched path */
                                field: string;
                                /** @description The value before (a list item removed; null for one added); {"too_large_to_keep": true, "bytes": n} past the run's RUN_CHANGES_BYTES, or when the monitor kept it as a hash past LAST_VALUES_BYTES (docs/monitors.md) */
                                before: unknown;
                                /** @description The value after (a list item added; null for one removed); {"too_large_to_keep": true, "bytes": n} past the run's RUN_CHANGES_BYTES (docs/monitors.md) */
                                after: unknown;
                            }[];
                            /** @description null when changes holds all of the run's (changed); else GET …/changes?since=<at>&until=<at + 1 ms>&after=<this> gives the rest */
                            changes_next_after?: string | null;
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INSUFFICIENT_CREDITS: the balance cannot cover the run (the monitor is unchanged) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: a run of this monitor is in progress, or the run would pass max_credits_per_day; Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    monitorSnapshots: {
        parameters: {
            query?: {
                /** @description From this time on (ISO 8601) */
                since?: string;
                /** @description Before this time (ISO 8601) */
                until?: string;
                /** @description A page's next_after */
                after?: string;
                /** @description Rows at most; a page also holds at most 1 MiB of stored history (its first row always): a page cut shorter has a next_after to go on from */
                limit?: number;
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                /** @description The monitor id (mon_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON {success, snapshots: [{at, values: {field: number}}], next_after}; CSV: at and a column per field (next page: the x-next-after header) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        snapshots: {
                            /** Format: date-time */
                            at: string;
                            values: {
                                [key: string]: number;
                            };
                        }[];
                        /** @description `after` of the next page; null on the last */
                        next_after: string | null;
                    };
                    "text/csv": string;
                };
            };
            /** @description INVALID_INPUT */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    monitorChanges: {
        parameters: {
            query?: {
                /** @description From this time on (ISO 8601) */
                since?: string;
                /** @description Before this time (ISO 8601) */
                until?: string;
                /** @description A page's next_after */
                after?: string;
                /** @description Rows at most; a page also holds at most 1 MiB of stored history (its first row always): a page cut shorter has a next_after to go on from */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The monitor id (mon_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of changes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        changes: {
                            /** Format: date-time */
                            at: string;
                            /** @description The watched path */
                            field: string;
                            /** @description The value before (a list item removed; null for one added); {"too_large_to_keep": true, "bytes": n} past the run's RUN_CHANGES_BYTES, or when the monitor kept it as a hash past LAST_VALUES_BYTES (docs/monitors.md) */
                            before: unknown;
                            /** @description The value after (a list item added; null for one removed); {"too_large_to_keep": true, "bytes": n} past the run's RUN_CHANGES_BYTES (docs/monitors.md) */
                            after: unknown;
                        }[];
                        /** @description `after` of the next page; null on the last */
                        next_after: string | null;
                    };
                };
            };
            /** @description INVALID_INPUT */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: a store is unreachable (with REDIS_URL, Redis did not answer in time); Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    codeTrendingDevelopers: {
        parameters: {
            query?: {
                /**
                 * @description Programming language slug, e.g. javascript, python, go. Omit for all languages.
                 * @example typescript
                 */
                language?: string;
                /**
                 * @description Trending range (default daily).
                 * @example weekly
                 */
                since?: "daily" | "weekly" | "monthly";
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeTrendingDevelopersResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    codeRepository: {
        parameters: {
            query: {
                /**
                 * @description Repository URL, e.g. https://github.com/OWNER/REPO
                 * @example https://github.com/creator-lookup-demo/creator-kit
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `repository` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeRepositoryResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    codeUser: {
        parameters: {
            query: {
                /**
                 * @description Login, e.g. octocat; a leading @ is ignored. Not a profile URL.
                 * @example creator-lookup-demo
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeUserResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    codeUserRepos: {
        parameters: {
            query: {
                /**
                 * @description Login, e.g. octocat; a leading @ is ignored. Not a profile URL.
                 * @example creator-lookup-demo
                 */
                handle: string;
                /** @description Order (default updated): updated, pushed, created (newest first) or full_name (A to Z). */
                sort?: "updated" | "pushed" | "created" | "full_name";
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same handle and sort. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeUserReposResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    codeUserFollowers: {
        parameters: {
            query: {
                /**
                 * @description Login, e.g. octocat; a leading @ is ignored. Not a profile URL.
                 * @example creator-lookup-demo
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same handle. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeUserFollowersResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    codeRepositoryContributors: {
        parameters: {
            query: {
                /**
                 * @description Repository URL, e.g. https://github.com/OWNER/REPO
                 * @example https://github.com/creator-lookup-demo/creator-kit
                 */
                url: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same repository. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeRepositoryContributorsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    codeRepositoryReleases: {
        parameters: {
            query: {
                /**
                 * @description Repository URL, e.g. https://github.com/OWNER/REPO
                 * @example https://github.com/creator-lookup-demo/creator-kit
                 */
                url: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same repository. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeRepositoryReleasesResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    websearchSearch: {
        parameters: {
            query: {
                /**
                 * @description Search query
                 * @example creator economy tools
                 */
                query: string;
                /** @description 2-letter country code (US, GB, CA…): results as seen from that country */
                region?: string;
                /** @description Only results posted within this period */
                date_posted?: "last-hour" | "last-day" | "last-week" | "last-month" | "last-year";
                /** @description Result page, 1 to 11 (default 1) */
                page?: number;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebsearchSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioAPodcast: {
        parameters: {
            query?: {
                /** @description Spotify podcast (show) id (22 characters, base62). Give either id or url. */
                id?: string;
                /**
                 * @description Spotify podcast (show) URL, e.g. https://open.spotify.com/show/ID (or a spotify:show:ID URI). Give either id or url.
                 * @example https://open.spotify.com/show/5dEm0Sh0wK1tchenT4lk01
                 */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioAPodcastResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioAPlaylist: {
        parameters: {
            query?: {
                /**
                 * @description Spotify playlist id (22 characters, base62). Give either id or url.
                 * @example 3dEm0PlAyl1stCurry0x01
                 */
                id?: string;
                /** @description Spotify playlist URL, e.g. https://open.spotify.com/playlist/ID (or a spotify:playlist:ID URI). Give either id or url. */
                url?: string;
                /** @description Offset of the page to fetch, as returned in `cursor` by the previous response; omit for the first page. The last page returns cursor null. */
                cursor?: number;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioAPlaylistResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioATrack: {
        parameters: {
            query?: {
                /** @description Spotify track id (22 characters, base62). Give either id or url. */
                id?: string;
                /**
                 * @description Spotify track URL, e.g. https://open.spotify.com/track/ID (or a spotify:track:ID URI). Give either id or url.
                 * @example https://open.spotify.com/track/3dEm0Tr4ck000000000001
                 */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioATrackResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioAAlbum: {
        parameters: {
            query?: {
                /** @description Spotify album id (22 characters, base62). Give either id or url. */
                id?: string;
                /**
                 * @description Spotify album URL, e.g. https://open.spotify.com/album/ID (or a spotify:album:ID URI). Give either id or url.
                 * @example https://open.spotify.com/album/3dEm0A1bum000000000001
                 */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioAAlbumResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioAArtist: {
        parameters: {
            query?: {
                /**
                 * @description Spotify artist id (22 characters, base62). Give either id or url.
                 * @example 3dEm0Art1st00000000001
                 */
                id?: string;
                /** @description Spotify artist URL, e.g. https://open.spotify.com/artist/ID (or a spotify:artist:ID URI). Give either id or url. */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioAArtistResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioAEpisode: {
        parameters: {
            query?: {
                /** @description Spotify episode id (22 characters, base62). Give either id or url. */
                id?: string;
                /**
                 * @description Spotify episode URL, e.g. https://open.spotify.com/episode/ID (or a spotify:episode:ID URI). Give either id or url.
                 * @example https://open.spotify.com/episode/5dEm0Ep1s0de0000000003
                 */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioAEpisodeResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioBArtist: {
        parameters: {
            query?: {
                /**
                 * @description Apple Music artist id (numeric), e.g. 1147783278. Give id or url, not both.
                 * @example 1500000001
                 */
                id?: string;
                /** @description Apple Music artist URL, e.g. https://music.apple.com/us/artist/NAME/ID (the storefront, here us, is used). Give id or url, not both. */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `data` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioBArtistResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioBAlbum: {
        parameters: {
            query?: {
                /** @description Apple Music album id (numeric), e.g. 1832443244. Give id or url, not both. */
                id?: string;
                /**
                 * @description Apple Music album URL, e.g. https://music.apple.com/us/album/NAME/ID (the storefront, here us, is used). Give id or url, not both.
                 * @example https://music.apple.com/us/album/flight-log/1600000001
                 */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `data` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioBAlbumResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioBSong: {
        parameters: {
            query?: {
                /** @description Apple Music song id (numeric), e.g. 1832443245. Give id or url, not both. */
                id?: string;
                /**
                 * @description Apple Music song URL, e.g. https://music.apple.com/us/song/NAME/ID or https://music.apple.com/us/album/NAME/ALBUM_ID?i=ID (the storefront, here us, is used). Give id or url, not both.
                 * @example https://music.apple.com/us/album/flight-log/1600000001?i=1600000011
                 */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `data` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioBSongResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioBPlaylist: {
        parameters: {
            query?: {
                /** @description Apple Music playlist id, e.g. pl.fde3285b62264c44bc53477612d037a4 (or a shared user playlist, pl.u-…). Give id or url, not both. */
                id?: string;
                /**
                 * @description Apple Music playlist URL, e.g. https://music.apple.com/us/playlist/NAME/pl.ID (the storefront, here us, is used). Give id or url, not both.
                 * @example https://music.apple.com/us/playlist/flight-deck/pl.0f1e2d3c4b5a69788796a5b4c3d2e1f0
                 */
                url?: string;
                /** @description Two-letter storefront (country) of the catalogue to read, with id; default us. A url names its own. */
                storefront?: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same playlist. Omit for the first page; null on the last. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `data` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioBPlaylistResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioBSearch: {
        parameters: {
            query: {
                /**
                 * @description Search terms
                 * @example test pilots
                 */
                query: string;
                /** @description Result type (default all: the top results across types) */
                type?: "all" | "song" | "album" | "artist" | "playlist" | "station" | "music_video" | "radio_episode";
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `data` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioBSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioCArtist: {
        parameters: {
            query?: {
                /**
                 * @description Artist handle (the profile URL's permalink), e.g. liluzivert; a leading @ is ignored. Give handle or url, not both.
                 * @example ravimenonbeats
                 */
                handle?: string;
                /** @description Artist profile URL, e.g. https://soundcloud.com/liluzivert. Give handle or url, not both. */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioCArtistResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioCPlaylist: {
        parameters: {
            query: {
                /**
                 * @description Set URL, e.g. https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats (www. and m. too). Secret links (…/s-TOKEN) and on.soundcloud.com short links are not taken.
                 * @example https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioCPlaylistResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioCArtistTracks: {
        parameters: {
            query?: {
                /**
                 * @description Artist handle (the profile URL's permalink), e.g. liluzivert; a leading @ is ignored. Give handle or url, not both.
                 * @example ravimenonbeats
                 */
                handle?: string;
                /** @description Artist profile URL, e.g. https://soundcloud.com/liluzivert. Give handle or url, not both. */
                url?: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same artist. Omit for the first page; null on the last. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioCArtistTracksResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    audioCTrack: {
        parameters: {
            query: {
                /**
                 * @description Track URL, e.g. https://soundcloud.com/ravimenonbeats/steam-valve (www. and m. too). Sets, profile pages, secret links (…/s-TOKEN) and on.soundcloud.com short links are not taken.
                 * @example https://soundcloud.com/ravimenonbeats/steam-valve
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AudioCTrackResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    moodboardPost: {
        parameters: {
            query: {
                /**
                 * @description Public post URL, e.g. https://www.cosmos.so/e/1234567890
                 * @example https://www.cosmos.so/e/1909064612
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoodboardPostResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    moodboardSearch: {
        parameters: {
            query: {
                /**
                 * @description Search text
                 * @example brutalist stairwell
                 */
                query: string;
                /** @description The previous response's cursor, unchanged; omit for the first page. Stop when it is null. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoodboardSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    linkpageAProfile: {
        parameters: {
            query: {
                /**
                 * @description Profile URL, e.g. https://link.me/USERNAME (a bare username is accepted too)
                 * @example https://link.me/mira.sol
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `profile` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkpageAProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    linkpageBPage: {
        parameters: {
            query: {
                /**
                 * @description Page URL, e.g. https://linktr.ee/USERNAME (a bare username is accepted too)
                 * @example https://linktr.ee/talaokafor
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkpageBPageResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    linkpageCPage: {
        parameters: {
            query: {
                /**
                 * @description Page URL, e.g. https://USERNAME.komi.io or https://komi.io/USERNAME (a bare username is accepted too)
                 * @example https://nightowl.komi.io
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkpageCPageResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    linkpageDPage: {
        parameters: {
            query: {
                /**
                 * @description Page URL, e.g. https://pillar.io/USERNAME (a bare username is accepted too)
                 * @example https://pillar.io/maraquintero
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkpageDPageResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    linkpageEPage: {
        parameters: {
            query: {
                /**
                 * @description Page URL, e.g. https://lnk.bio/HANDLE (a bare handle is accepted too)
                 * @example https://lnk.bio/ravimenoncooks
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkpageEPageResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    pinboardSearch: {
        parameters: {
            query: {
                /**
                 * @description Search query
                 * @example chili oil noodles
                 */
                query: string;
                /** @description The previous response's cursor, unchanged; omit for the first page. The last page answers with cursor null. */
                cursor?: string;
                /** @description true: reduced pins (id, url, title, grid_title, description, link, domain, is_promoted, created_at, images.orig, board {id, name, url}, pinner {id, username, full_name}). Default false. */
                trim?: boolean;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PinboardSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    pinboardProfile: {
        parameters: {
            query: {
                /**
                 * @description Username, e.g. taladraws; a leading @ is ignored. Not a profile URL.
                 * @example taladraws
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PinboardProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    pinboardPin: {
        parameters: {
            query?: {
                /**
                 * @description The pin page, e.g. https://www.pinterest.com/pin/1125968647761564/ (country hosts too; not pin.it links). Or give id.
                 * @example https://www.pinterest.com/pin/900123456700000001/
                 */
                url?: string;
                /** @description The pin id, e.g. 1125968647761564. Or give url. */
                id?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PinboardPinResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    pinboardBoard: {
        parameters: {
            query: {
                /**
                 * @description The board page, e.g. https://www.pinterest.com/taladraws/sketchbook/ (country hosts too)
                 * @example https://www.pinterest.com/taladraws/sketchbook/
                 */
                url: string;
                /** @description The previous response's cursor for this board, unchanged; omit for the first page. The last page answers with cursor null. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PinboardBoardResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    socialBProfile: {
        parameters: {
            query: {
                /**
                 * @description Username, e.g. megadeth; a leading @ is ignored. Not a profile URL.
                 * @example tala.draws
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialBProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    socialBPost: {
        parameters: {
            query: {
                /**
                 * @description Post or reel URL, e.g. https://www.instagram.com/p/CODE/ or https://www.instagram.com/reel/CODE/
                 * @example https://www.instagram.com/p/DAtalaDraw1/
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialBPostResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    socialBPosts: {
        parameters: {
            query: {
                /**
                 * @description Username, e.g. tala.draws; a leading @ is ignored. Not a profile URL.
                 * @example tala.draws
                 */
                handle: string;
                /** @description The previous response's cursor for the same handle, unchanged; omit for the first page. The last page answers cursor null. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialBPostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    shortvideoProfile: {
        parameters: {
            query: {
                /**
                 * @description Username, e.g. tala.draws; a leading @ is ignored. Not a profile URL.
                 * @example tala.draws
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShortvideoProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    shortvideoVideo: {
        parameters: {
            query: {
                /**
                 * @description Video URL, e.g. https://www.tiktok.com/@tala.draws/video/7390112233445566778 (m.tiktok.com too). Not a vm./vt.tiktok.com short link.
                 * @example https://www.tiktok.com/@tala.draws/video/7390112233445566778
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShortvideoVideoResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    forumSearch: {
        parameters: {
            query: {
                /**
                 * @description Search query
                 * @example self-hosted link in bio
                 */
                query: string;
                /** @description What to search: posts (default) or comments. Comments come back in `posts` too. */
                filter?: "posts" | "comments";
                /** @description Order (default relevance). Comment search supports only relevance, new and top. */
                sort?: "relevance" | "new" | "top" | "comment_count";
                /** @description Post search only: posts from this period (default all). */
                timeframe?: "all" | "day" | "week" | "month" | "year";
                /** @description Pagination token: the previous response's `after`, unchanged. Omit for the first page. */
                after?: string;
                /** @description Return reduced items (see the ForumPost / ForumComment trim field lists). */
                trim?: boolean;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForumSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    forumUser: {
        parameters: {
            query: {
                /**
                 * @description Reddit username, e.g. spez (u/ or @ in front is fine)
                 * @example nightowlpots
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForumUserResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    forumUserPosts: {
        parameters: {
            query: {
                /**
                 * @description Reddit username, e.g. spez (u/ or @ in front is fine)
                 * @example nightowlpots
                 */
                handle: string;
                /** @description Order (default new); top and controversial rank over all time. */
                sort?: "new" | "hot" | "top" | "controversial";
                /** @description Pagination token: the previous response's `after`, unchanged. Omit for the first page. */
                after?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForumUserPostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    forumUserComments: {
        parameters: {
            query: {
                /**
                 * @description Reddit username, e.g. spez (u/ or @ in front is fine)
                 * @example nightowlpots
                 */
                handle: string;
                /** @description Order (default new); top and controversial rank over all time. */
                sort?: "new" | "hot" | "top" | "controversial";
                /** @description Pagination token: the previous response's `after`, unchanged. Omit for the first page. */
                after?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForumUserCommentsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    forumSubreddit: {
        parameters: {
            query: {
                /**
                 * @description Subreddit name, e.g. AskReddit (r/ in front is fine)
                 * @example pottery
                 */
                name: string;
                /** @description Order (default hot). */
                sort?: "hot" | "new" | "top" | "rising";
                /** @description sort=top only: posts from this period (default day, as on Reddit). */
                timeframe?: "hour" | "day" | "week" | "month" | "year" | "all";
                /** @description Pagination token: the previous response's `after`, unchanged. Omit for the first page. */
                after?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForumSubredditResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    forumSubredditSearch: {
        parameters: {
            query: {
                /**
                 * @description Subreddit name, e.g. Pottery (r/ in front is fine)
                 * @example pottery
                 */
                subreddit: string;
                /**
                 * @description Search query
                 * @example glaze
                 */
                query: string;
                /** @description Order (default relevance). */
                sort?: "relevance" | "new" | "top" | "comment_count";
                /** @description Posts from this period (default all). */
                timeframe?: "all" | "day" | "week" | "month" | "year";
                /** @description Pagination token: the previous response's `after`, unchanged. Omit for the first page. */
                after?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForumSubredditSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    forumPost: {
        parameters: {
            query: {
                /**
                 * @description Post URL, e.g. https://www.reddit.com/r/redditdev/comments/2gmzqe/… (old.reddit.com, a comment link and redd.it/<id> are fine)
                 * @example https://www.reddit.com/r/pottery/comments/1hq7x2a/first_glaze_firing/
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForumPostResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogCSearch: {
        parameters: {
            query: {
                /**
                 * @description Keyword
                 * @example kerala fish curry
                 */
                query: string;
                /** @description Only posts from this day on (YYYY-MM-DD, UTC) */
                start_date?: string;
                /** @description Only posts up to the end of this day (YYYY-MM-DD, UTC) */
                end_date?: string;
                /** @description Return reduced posts (see MicroblogCPost) */
                trim?: boolean;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogCSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogCProfile: {
        parameters: {
            query: {
                /**
                 * @description Username, e.g. tala.draws; a leading @ is ignored. Not a profile URL.
                 * @example tala.draws
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogCProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogAPost: {
        parameters: {
            query: {
                /**
                 * @description Post URL, e.g. https://truthsocial.com/@user/posts/123456789012345678 (or …/@user/123456789012345678)
                 * @example https://truthsocial.com/@harbourweather/posts/114560000000000001
                 */
                url: string;
                /** @description Download the attached images and videos and return permanent URLs on this gateway instead of upstream ones (default false). Costs 10 credits when the post has media, 1 otherwise. */
                download_media?: boolean;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogAPostResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogAProfile: {
        parameters: {
            query: {
                /**
                 * @description Username, with or without a leading @ (e.g. realDonaldTrump)
                 * @example harbourweather
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogAProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogAPosts: {
        parameters: {
            query: {
                /**
                 * @description Username, with or without a leading @ (e.g. realDonaldTrump)
                 * @example harbourweather
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same handle. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogAPostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogBTweet: {
        parameters: {
            query: {
                /**
                 * @description Post URL, e.g. https://x.com/USER/status/ID (twitter.com and the www. / mobile. hosts too)
                 * @example https://x.com/TalaDraws/status/1881234567890123457
                 */
                url: string;
                /** @description Return a reduced record (default false): __typename, rest_id, views; the author (core.user_results.result) with __typename, rest_id, is_blue_verified and legacy {screen_name, name, profile_image_url_https, followers_count, verified}; legacy {created_at, full_text, lang, conversation_id_str, favorite_count, retweet_count, reply_count, quote_count, bookmark_count, user_id_str, id_str}. */
                trim?: boolean;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogBTweetResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogBProfile: {
        parameters: {
            query: {
                /**
                 * @description Screen name, e.g. TalaDraws; a leading @ is ignored. Not a profile URL.
                 * @example TalaDraws
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogBProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    videoChannel: {
        parameters: {
            query?: {
                /** @description Channel id: UC followed by 22 characters. Give exactly one of channelId, handle or url. */
                channelId?: string;
                /**
                 * @description Channel handle, e.g. @kurzgesagt (the @ is optional). Give exactly one of channelId, handle or url.
                 * @example @RaviMenonCooks
                 */
                handle?: string;
                /** @description Channel URL: https://www.youtube.com/@HANDLE, /channel/ID, /c/NAME or /user/NAME (m.youtube.com and a tab suffix such as /about or /videos are fine). Give exactly one of channelId, handle or url. */
                url?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoChannelResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    videoVideo: {
        parameters: {
            query?: {
                /** @description Video URL: https://www.youtube.com/watch?v=ID, youtu.be/ID, /shorts/ID, /live/ID. Give exactly one of url or id. */
                url?: string;
                /**
                 * @description Video id (11 characters). Give exactly one of url or id.
                 * @example kP9xWq2LmZ4
                 */
                id?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoVideoResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    videoVideos: {
        parameters: {
            query?: {
                /** @description Channel id: UC followed by 22 characters. Give exactly one of channelId, handle or url. */
                channelId?: string;
                /**
                 * @description Channel handle, e.g. @kurzgesagt (the @ is optional). Give exactly one of channelId, handle or url.
                 * @example @RaviMenonCooks
                 */
                handle?: string;
                /** @description Channel URL: https://www.youtube.com/@HANDLE, /channel/ID, /c/NAME or /user/NAME (m.youtube.com and a tab suffix such as /about or /videos are fine). Give exactly one of channelId, handle or url. */
                url?: string;
                /** @description Which list (default videos). */
                tab?: "videos" | "shorts" | "streams";
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same channel and tab. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoVideosResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    videoSearch: {
        parameters: {
            query: {
                /**
                 * @description Search query
                 * @example kerala fish curry
                 */
                query: string;
                /** @description What to search: all (default; YouTube's mix of videos, channels and playlists), video or channel. */
                type?: "all" | "video" | "channel";
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same query and type. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    videoTranscript: {
        parameters: {
            query?: {
                /** @description Video URL: https://www.youtube.com/watch?v=ID, youtu.be/ID, /shorts/ID, /live/ID. Give exactly one of url or id. */
                url?: string;
                /**
                 * @description Video id (11 characters). Give exactly one of url or id.
                 * @example kP9xWq2LmZ4
                 */
                id?: string;
                /** @description BCP-47 language code of the transcript: en (any English track: en, en-GB…), pt-BR (that code only). Default: English, else the video's first track. No track in that language: languageCode null, segments []. */
                lang?: string;
                /** @description true: prefer the automatic (auto-generated) track of the language over a written one. Default false. */
                auto?: boolean;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoTranscriptResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    videoComments: {
        parameters: {
            query?: {
                /** @description Video URL: https://www.youtube.com/watch?v=ID, youtu.be/ID, /shorts/ID, /live/ID. Give exactly one of url or id. */
                url?: string;
                /**
                 * @description Video id (11 characters). Give exactly one of url or id.
                 * @example kP9xWq2LmZ4
                 */
                id?: string;
                /** @description Order: top (YouTube’s "Top comments", default) or new ("Newest first"). */
                sort?: "top" | "new";
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same video and sort. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoCommentsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    videoPlaylist: {
        parameters: {
            query?: {
                /** @description Playlist URL: https://www.youtube.com/playlist?list=ID, youtube.com/watch?v=…&list=ID, music.youtube.com/playlist?list=ID. Give exactly one of url or id. */
                url?: string;
                /**
                 * @description Playlist id (PL…, UU…, OLAK5uy_…). LL, WL and RD… mixes are refused. Give exactly one of url or id.
                 * @example PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE
                 */
                id?: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same playlist. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoPlaylistResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    videoPosts: {
        parameters: {
            query?: {
                /** @description Channel id: UC followed by 22 characters. Give exactly one of channelId, handle or url. */
                channelId?: string;
                /**
                 * @description Channel handle, e.g. @kurzgesagt (the @ is optional). Give exactly one of channelId, handle or url.
                 * @example @RaviMenonCooks
                 */
                handle?: string;
                /** @description Channel URL: https://www.youtube.com/@HANDLE, /channel/ID, /c/NAME or /user/NAME (m.youtube.com and a tab suffix such as /about or /videos are fine). Give exactly one of channelId, handle or url. */
                url?: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same channel. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoPostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    retailShopStorefront: {
        parameters: {
            query: {
                /**
                 * @description Storefront URL, e.g. https://www.amazon.com/shop/CREATOR (amazon.com without www, or a bare creator name, is accepted too)
                 * @example https://www.amazon.com/shop/ravimenoncooks
                 */
                url: string;
                /** @description Opaque: the pageToken of the previous response for the same url, passed back unchanged; omit for the first page. Later pages hold the storefront feed only (lists and videos): profile fields are null and trendingPicks / curations empty there. */
                pageToken?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetailShopStorefrontResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    socialAEvents: {
        parameters: {
            query: {
                /**
                 * @description The city's events page URL, e.g. https://www.facebook.com/events/explore/us-new-york/108424279189115/
                 * @example https://www.facebook.com/events/explore/us-harbour-city/108000000000001/
                 */
                url: string;
                /** @description The previous response's cursor, unchanged; omit for the first page. Null in a response means there are no more pages. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialAEventsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    socialAEventSearch: {
        parameters: {
            query: {
                /**
                 * @description Event name or description to search for
                 * @example dog show
                 */
                query: string;
                /** @description The previous response's cursor, unchanged; omit for the first page. Null in a response means there are no more pages. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialAEventSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    socialAProfileEvents: {
        parameters: {
            query: {
                /**
                 * @description Public page URL, e.g. https://www.facebook.com/PAGE (or …/PAGE/past_hosted_events, https://www.facebook.com/profile.php?id=ID)
                 * @example https://www.facebook.com/talaokafor.art
                 */
                url: string;
                /** @description The previous response's cursor, unchanged; omit for the first page. Null in a response means there are no more pages. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialAProfileEventsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    socialAPage: {
        parameters: {
            query: {
                /**
                 * @description Public page URL, e.g. https://www.facebook.com/PAGE or https://www.facebook.com/profile.php?id=ID
                 * @example https://www.facebook.com/talaokafor.art
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SocialAPageResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDProfile: {
        parameters: {
            query: {
                /**
                 * @description Handle (e.g. alice.bsky.social or a custom domain), DID (did:plc:…) or https://bsky.app/profile/… URL
                 * @example harbourweather.bsky.social
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `profile` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDPosts: {
        parameters: {
            query: {
                /**
                 * @description Handle (e.g. alice.bsky.social or a custom domain), DID (did:plc:…) or https://bsky.app/profile/… URL
                 * @example harbourweather.bsky.social
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDPostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDSearch: {
        parameters: {
            query: {
                /**
                 * @description Search text (Bluesky search syntax, e.g. `from:`)
                 * @example tide tables
                 */
                query: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDProfileSearch: {
        parameters: {
            query: {
                /**
                 * @description Name or handle prefix
                 * @example harbour weather
                 */
                query: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDProfileSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDFollowers: {
        parameters: {
            query: {
                /**
                 * @description Handle (e.g. alice.bsky.social or a custom domain), DID (did:plc:…) or https://bsky.app/profile/… URL
                 * @example harbourweather.bsky.social
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDFollowersResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDFollows: {
        parameters: {
            query: {
                /**
                 * @description Handle (e.g. alice.bsky.social or a custom domain), DID (did:plc:…) or https://bsky.app/profile/… URL
                 * @example harbourweather.bsky.social
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDFollowsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDPost: {
        parameters: {
            query?: {
                /**
                 * @description Post URL: https://bsky.app/profile/<handle or did>/post/<rkey>. Give exactly one of url or uri.
                 * @example https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2
                 */
                url?: string;
                /** @description AT URI of the post: at://<did or handle>/app.bsky.feed.post/<rkey>. Give exactly one of url or uri. */
                uri?: string;
                /** @description Levels of replies (0: none; default 6, at most 10) */
                depth?: number;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDPostResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDPostLikes: {
        parameters: {
            query?: {
                /**
                 * @description Post URL: https://bsky.app/profile/<handle or did>/post/<rkey>. Give exactly one of url or uri.
                 * @example https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2
                 */
                url?: string;
                /** @description AT URI of the post: at://<did or handle>/app.bsky.feed.post/<rkey>. Give exactly one of url or uri. */
                uri?: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDPostLikesResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogDPostReposts: {
        parameters: {
            query?: {
                /**
                 * @description Post URL: https://bsky.app/profile/<handle or did>/post/<rkey>. Give exactly one of url or uri.
                 * @example https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2
                 */
                url?: string;
                /** @description AT URI of the post: at://<did or handle>/app.bsky.feed.post/<rkey>. Give exactly one of url or uri. */
                uri?: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogDPostRepostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogEProfile: {
        parameters: {
            query: {
                /**
                 * @description The account: user@instance (e.g. alice@mastodon.social, a leading @ allowed) or its profile URL https://<instance>/@user
                 * @example harbourweather@mastodon.social
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `profile` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogEProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogEPosts: {
        parameters: {
            query: {
                /**
                 * @description The account: user@instance (e.g. alice@mastodon.social, a leading @ allowed) or its profile URL https://<instance>/@user
                 * @example harbourweather@mastodon.social
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogEPostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogEFollowers: {
        parameters: {
            query: {
                /**
                 * @description The account: user@instance (e.g. alice@mastodon.social, a leading @ allowed) or its profile URL https://<instance>/@user
                 * @example harbourweather@mastodon.social
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogEFollowersResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogEFollowing: {
        parameters: {
            query: {
                /**
                 * @description The account: user@instance (e.g. alice@mastodon.social, a leading @ allowed) or its profile URL https://<instance>/@user
                 * @example harbourweather@mastodon.social
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogEFollowingResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogEPost: {
        parameters: {
            query: {
                /**
                 * @description The status: its page https://<instance>/@<user>/<id>, or its ActivityPub id https://<instance>/users/<user>/statuses/<id>
                 * @example https://mastodon.social/@harbourweather/113900000000000011
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogEPostResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogEPostRebloggedBy: {
        parameters: {
            query: {
                /**
                 * @description The status: its page https://<instance>/@<user>/<id>, or its ActivityPub id https://<instance>/users/<user>/statuses/<id>
                 * @example https://mastodon.social/@harbourweather/113900000000000011
                 */
                url: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogEPostRebloggedByResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogEPostFavouritedBy: {
        parameters: {
            query: {
                /**
                 * @description The status: its page https://<instance>/@<user>/<id>, or its ActivityPub id https://<instance>/users/<user>/statuses/<id>
                 * @example https://mastodon.social/@harbourweather/113900000000000011
                 */
                url: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogEPostFavouritedByResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogETag: {
        parameters: {
            query: {
                /**
                 * @description The server to ask, e.g. mastodon.social
                 * @example mastodon.social
                 */
                instance: string;
                /**
                 * @description Hashtag, with or without #
                 * @example tides
                 */
                tag: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogETagResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogEProfileSearch: {
        parameters: {
            query: {
                /**
                 * @description The server to ask, e.g. mastodon.social
                 * @example mastodon.social
                 */
                instance: string;
                /**
                 * @description Words of a name, a username, or a handle user@server (only accounts the server already knows are found)
                 * @example harbour
                 */
                query: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogEProfileSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogETrendsTags: {
        parameters: {
            query: {
                /**
                 * @description The server to ask, e.g. mastodon.social
                 * @example mastodon.social
                 */
                instance: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogETrendsTagsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    microblogETrendsStatuses: {
        parameters: {
            query: {
                /**
                 * @description The server to ask, e.g. mastodon.social
                 * @example mastodon.social
                 */
                instance: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MicroblogETrendsStatusesResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    newsletterProfile: {
        parameters: {
            query: {
                /**
                 * @description Profile handle, with or without @ (e.g. jakubslys), or https://substack.com/@handle
                 * @example harbourweather
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `profile` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewsletterProfileResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    newsletterPosts: {
        parameters: {
            query: {
                /**
                 * @description Profile handle, with or without @ (e.g. jakubslys), or https://substack.com/@handle
                 * @example harbourweather
                 */
                handle: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same handle. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewsletterPostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    newsletterPost: {
        parameters: {
            query: {
                /**
                 * @description The post's address on its publication: https://<name>.substack.com/p/<slug> or https://<custom domain>/p/<slug>
                 * @example https://harbourweather.substack.com/p/spring-tides-ahead
                 */
                url: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `post` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewsletterPostResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    newsletterPostComments: {
        parameters: {
            query: {
                /**
                 * @description The post's address on its publication: https://<name>.substack.com/p/<slug> or https://<custom domain>/p/<slug>
                 * @example https://harbourweather.substack.com/p/spring-tides-ahead
                 */
                url: string;
                /** @description Substack's order: `best_first` (the default) or `newest_first` */
                sort?: "best_first" | "newest_first";
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewsletterPostCommentsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    newsletterSearch: {
        parameters: {
            query: {
                /**
                 * @description Search text: a publication's name, subject or author
                 * @example harbour weather
                 */
                query: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same query. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewsletterSearchResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    livestreamChannel: {
        parameters: {
            query: {
                /**
                 * @description Channel slug (e.g. ac7ionman) or https://kick.com/<slug>
                 * @example harbourweather
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `channel` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivestreamChannelResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    livestreamVideos: {
        parameters: {
            query: {
                /**
                 * @description Channel slug (e.g. ac7ionman) or https://kick.com/<slug>
                 * @example harbourweather
                 */
                handle: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivestreamVideosResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    livestreamClips: {
        parameters: {
            query: {
                /**
                 * @description Channel slug (e.g. ac7ionman) or https://kick.com/<slug>
                 * @example harbourweather
                 */
                handle: string;
                /** @description Kick's order: `view` (most viewed, the default) or `date` (newest) */
                sort?: "view" | "date";
                /** @description Clips made in the last `day`, `week`, `month`, or `all` (the default) */
                time?: "day" | "week" | "month" | "all";
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same handle, sort and time. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivestreamClipsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    blogPosts: {
        parameters: {
            query: {
                /**
                 * @description Blog name (staff), <name>.tumblr.com, its URL, or a custom domain
                 * @example harbourweather
                 */
                blog: string;
                /** @description Pagination token: the previous response's `cursor`, unchanged, with the same blog. Omit for the first page. */
                cursor?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogPostsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            /** @description NOT_CONFIGURED: this gateway is not configured with TUMBLR_API_KEY (the operator sets it); 0 credits */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    blogInfo: {
        parameters: {
            query: {
                /**
                 * @description Blog name (staff), <name>.tumblr.com, its URL, or a custom domain
                 * @example harbourweather
                 */
                blog: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `blog` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogInfoResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            /** @description NOT_CONFIGURED: this gateway is not configured with TUMBLR_API_KEY (the operator sets it); 0 credits */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    blogPost: {
        parameters: {
            query?: {
                /**
                 * @description Post URL: https://<blog>.tumblr.com/post/<id>[/<slug>] or https://www.tumblr.com/<blog>/<id>[/<slug>]. Or give blog and id.
                 * @example https://harbourweather.tumblr.com/post/771000000000000102/spring-tides-on-tuesday
                 */
                url?: string;
                /** @description With id, instead of url: blog name (staff), <name>.tumblr.com, its URL, or a custom domain */
                blog?: string;
                /** @description With blog, instead of url: the post id (digits, as in its URL) */
                id?: string;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record under `post` (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BlogPostResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            /** @description NOT_CONFIGURED: this gateway is not configured with TUMBLR_API_KEY (the operator sets it); 0 credits */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    findSocialProfiles: {
        parameters: {
            query: {
                /**
                 * @description Platform of the source profile: social-b, shortvideo, video, microblog-b (microblog-b-alias is its second spelling), social-a
                 * @example social-b
                 */
                platform: "social-b" | "shortvideo" | "video" | "microblog-b" | "microblog-b-alias" | "social-a";
                /**
                 * @description Handle of the source profile (leading @ optional; not a profile URL). The video platform also accepts a channel id (UC…).
                 * @example tala.draws
                 */
                handle: string;
                /** @description Only profiles at least this sure, 0 to 1 (default 0.5); for e-mails, addresses found only on profiles below it are left out. Applied to the cached or live result alike: it changes neither the cache entry used nor the credits charged. */
                min_confidence?: number;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindSocialProfilesResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
    findCreatorEmails: {
        parameters: {
            query: {
                /**
                 * @description Platform of the source profile: social-b, shortvideo, video, microblog-b (microblog-b-alias is its second spelling), social-a
                 * @example video
                 */
                platform: "social-b" | "shortvideo" | "video" | "microblog-b" | "microblog-b-alias" | "social-a";
                /**
                 * @description Handle of the source profile (leading @ optional; not a profile URL). The video platform also accepts a channel id (UC…).
                 * @example RaviMenonCooks
                 */
                handle: string;
                /** @description Only profiles at least this sure, 0 to 1 (default 0.5); for e-mails, addresses found only on profiles below it are left out. Applied to the cached or live result alike: it changes neither the cache entry used nor the credits charged. */
                min_confidence?: number;
                /** @description Serve a cached result at most this old (1d, 3d, 7d, 14d, 30d) at 0 credits; otherwise fetch live. */
                cache_max_age?: "1d" | "3d" | "7d" | "14d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the envelope and the record (the example: the demo's answer, each list cut to its first 5 items) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindCreatorEmailsResponse"];
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientCredits"];
            403: components["responses"]["PrivateContent"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            502: components["responses"]["UpstreamFailed"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["UpstreamTimeout"];
        };
    };
}
