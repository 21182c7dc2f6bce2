import type { SandboxContext, SandboxContextC } from '../sandbox-types.js';
import { demoFollowers } from './shared.js';

interface XUser {
  id: string;
  name: string;
  handle: string;
  description: string;
}

/** The account every X consent connects as. */
export const X_DEMO_USER: XUser = {
  id: '1849372610458329088',
  name: 'Ava Rivers',
  handle: 'avarivers',
  description: 'Coffee, product launches and too many browser tabs. Demo account of the Postloom sandbox.',
};

/** Other public accounts, for mention lookups and user search. */
export const X_DIRECTORY: XUser[] = [
  X_DEMO_USER,
  {
    id: '1720045511960035328',
    name: 'Postloom',
    handle: 'postloom',
    description: 'Schedule once, post everywhere.',
  },
  {
    id: '1503378422197010432',
    name: 'Noah Becker',
    handle: 'noahbecker',
    description: 'Designer. Trail runner.',
  },
  {
    id: '1612210975321583616',
    name: 'Priya Natarajan',
    handle: 'priyanat',
    description: 'Developer advocate.',
  },
  {
    id: '1398204777420443651',
    name: 'Open Source Weekly',
    handle: 'osweekly',
    description: 'The week in open source.',
  },
  {
    id: '1287733990553796608',
    name: 'Lena Hoffmann',
    handle: 'lenahoffmann',
    description: 'Photographer in Berlin.',
  },
  {
    id: '1556021789604610048',
    name: 'Marcus Osei',
    handle: 'marcusosei',
    description: 'Building in public.',
  },
];

export function xUserAvatar(c: SandboxContextC, ctx: SandboxContext, user: XUser = X_DEMO_USER): string {
  return user.id === X_DEMO_USER.id ? ctx.avatarUrl(c, 'twitter') : ctx.avatarUrl(c, user.handle);
}

const EXTRA_FIELDS = new Set([
  'created_at',
  'description',
  'profile_image_url',
  'protected',
  'public_metrics',
  'url',
  'verified',
  'verified_type',
  'location',
]);

/** The User object of X API v2: id, name, username by default, plus the requested user.fields. */
export function xUserObject(c: SandboxContextC, ctx: SandboxContext, user: XUser): Record<string, unknown> {
  const fields = (c.req.query('user.fields') ?? '').split(',').filter((f) => EXTRA_FIELDS.has(f));
  const all: Record<string, unknown> = {
    created_at: '2024-10-25T09:12:44.000Z',
    description: user.description,
    profile_image_url: xUserAvatar(c, ctx, user),
    protected: false,
    public_metrics: {
      followers_count: demoFollowers(`x:${user.id}`, 1284, ctx.now()),
      following_count: 312,
      tweet_count: 2044,
      listed_count: 9,
      like_count: 5120,
    },
    url: '',
    verified: false,
    verified_type: 'none',
    location: '',
  };
  const result: Record<string, unknown> = { id: user.id, name: user.name, username: user.handle };
  for (const field of fields) result[field] = all[field];
  return result;
}
