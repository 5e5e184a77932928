/**
 * The demo's two invented creators and their decoys (src/demo/web.ts builds their web; some
 * platforms' demo answers, src/platforms/<label>/demo.ts, are theirs too: Tala Okafor's tweet and
 * events, Ravi Menon's storefront). Every name, handle, domain and address is invented.
 */
export const TALA = {
  name: 'Tala Okafor',
  site: 'https://talaokafor.com',
  socialB: 'tala.draws',
  shortvideo: 'tala.draws',
  video: 'TalaDraws',
  videoChannelId: 'UCt4l40kaf0rDr4wsDem0x01',
  microblogB: 'taladraws',
  socialA: 'talaokafor.art',
  linkpage: 'https://linktr.ee/talaokafor',
  /** Addresses the creator publishes, and where. */
  emails: ['hello@talaokafor.com', 'studio@talaokafor.com', 'prints@talaokafor.com', 'agent@talaokafor.com', 'info@talaokafor.com'],
} as const;

export const RAVI = {
  name: 'Ravi Menon',
  site: 'https://ravimenoncooks.com',
  socialB: 'ravimenon.cooks',
  shortvideo: 'ravimenoncooks',
  video: 'RaviMenonCooks',
  videoChannelId: 'UCr4v1M3n0nC00ksDem0x002',
  microblogB: 'ravicooks',
  socialA: 'ravimenoncooks',
  linkpage: 'https://lnk.bio/ravimenoncooks',
  emails: ['ravi@ravimenoncooks.com', 'collabs@ravimenoncooks.com', 'bookings@ravimenoncooks.com', 'press@ravimenoncooks.com'],
} as const;

/** Accounts and addresses that look like a demo creator's but are someone else's. */
export const DECOYS = {
  profileUrls: [
    'https://www.youtube.com/@tala.draws',
    'https://www.instagram.com/talaokafor.photo/',
    'https://www.instagram.com/ravimenoncooks/',
    'https://www.facebook.com/ravicooksfans',
  ],
  emails: ['hi@talaokafor-ceramics.net', 'frames@talaokaforphoto.net', 'smiles@menondental.in', 'fans@ravifans.example.org'],
} as const;
