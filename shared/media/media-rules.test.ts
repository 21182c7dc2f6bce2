import { describe, expect, it } from 'vitest';
import { GB, MB } from '../platforms/registry';
import { sanitizeFileName } from './file-name';
import {
  acceptedMimeTypes,
  type MediaInfo,
  mediaKindOf,
  validateMediaFile,
  validateMediaSet,
} from './media-rules';

function file(name: string, mimeType: string, sizeBytes = 1000): MediaInfo {
  return { name, mimeType, sizeBytes, kind: mediaKindOf(mimeType) };
}
const jpeg = (name = 'photo.jpg', size = 1000) => file(name, 'image/jpeg', size);
const mp4 = (name = 'clip.mp4', size = 1000) => file(name, 'video/mp4', size);
const pdf = (name = 'deck.pdf', size = 1000) => file(name, 'application/pdf', size);
const many = (n: number, make: (i: number) => MediaInfo) => Array.from({ length: n }, (_, i) => make(i));

describe('media kinds and file names', () => {
  it('tells images, videos, audio and documents apart by MIME type', () => {
    expect(mediaKindOf('image/png')).toBe('image');
    expect(mediaKindOf('video/quicktime')).toBe('video');
    expect(mediaKindOf('audio/ogg')).toBe('audio');
    expect(mediaKindOf('application/pdf')).toBe('document');
  });

  it('strips accents and turns other characters into underscores, keeping the extension', () => {
    expect(sanitizeFileName('Café déjà vu!.JPG')).toBe('Cafe_deja_vu_.jpg');
    expect(sanitizeFileName('my photo (1).png')).toBe('my_photo__1_.png');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('.env')).toBe('_env');
    expect(sanitizeFileName('日本.mp4')).toBe('__.mp4');
  });
});

describe('X media', () => {
  it('refuses a fifth media file with the spec message', () => {
    expect(
      validateMediaSet(
        'twitter',
        'single',
        many(5, (i) => jpeg(`p${i}.jpg`)),
        'compose',
      ),
    ).toBe('Maximum 4 media files per tweet');
    expect(
      validateMediaSet(
        'twitter',
        'single',
        many(4, (i) => jpeg(`p${i}.jpg`)),
        'send',
      ),
    ).toBeNull();
  });

  it('refuses an image over 5 MB', () => {
    expect(validateMediaFile('twitter', 'single', jpeg('big.jpg', 5 * MB + 1))).toBe(
      'Image "big.jpg" exceeds the 5MB limit.',
    );
  });

  it('accepts a 10 MB GIF but refuses one over 15 MB', () => {
    expect(validateMediaFile('twitter', 'single', file('a.gif', 'image/gif', 10 * MB))).toBeNull();
    expect(validateMediaFile('twitter', 'single', file('a.gif', 'image/gif', 15 * MB + 1))).toBe(
      'GIF "a.gif" exceeds the 15MB limit.',
    );
  });

  it('refuses a video over 512 MB', () => {
    expect(validateMediaFile('twitter', 'single', mp4('long.mp4', 512 * MB + 1))).toBe(
      'Video "long.mp4" exceeds the 512MB limit.',
    );
  });

  it('refuses a video together with other media in one tweet', () => {
    expect(validateMediaSet('twitter', 'single', [mp4(), jpeg()], 'compose')).toBe(
      'A tweet can have one video or GIF, or up to 4 images.',
    );
  });

  it('refuses a PDF', () => {
    expect(validateMediaFile('twitter', 'single', pdf())).toBe(
      'File "deck.pdf" is not a supported format for X.',
    );
  });
});

describe('Facebook media', () => {
  it('refuses a 25 MB image for Facebook with the spec message', () => {
    expect(validateMediaFile('facebook', 'normal', jpeg('holiday.jpg', 25 * MB))).toBe(
      'Image "holiday.jpg" exceeds the 8MB limit.',
    );
  });

  it('accepts an image of exactly 8 MB', () => {
    expect(validateMediaFile('facebook', 'normal', jpeg('ok.jpg', 8 * MB))).toBeNull();
  });

  it('refuses a pasted image over 8 MB', () => {
    expect(
      validateMediaFile('facebook', 'normal', file('paste.png', 'image/png', 9 * MB), { pasted: true }),
    ).toBe('Image "paste.png" exceeds the 8MB limit.');
  });

  it('refuses a video over 4GB', () => {
    expect(validateMediaFile('facebook', 'normal', mp4('huge.mp4', 4 * GB + 1))).toBe(
      'Video "huge.mp4" exceeds the 4GB limit.',
    );
  });

  it('refuses a PDF renamed .jpg (typed by content) for normal posts', () => {
    expect(validateMediaFile('facebook', 'normal', file('scan.jpg', 'application/pdf'))).toBe(
      'File "scan.jpg" is not supported for Facebook normal posts.',
    );
  });

  it('refuses a GIF in a story', () => {
    expect(validateMediaFile('facebook', 'story', file('a.gif', 'image/gif'))).toBe(
      'File "a.gif" is not supported for Facebook story posts.',
    );
    expect(validateMediaFile('facebook', 'normal', file('a.gif', 'image/gif'))).toBeNull();
  });

  it('refuses an image in a reel', () => {
    expect(validateMediaFile('facebook', 'reel', jpeg())).toBe(
      'File "photo.jpg" is not supported for Facebook reel posts.',
    );
    expect(validateMediaFile('facebook', 'reel', file('a.webm', 'video/webm'))).toBeNull();
  });

  it('allows one file in stories and reels', () => {
    expect(validateMediaSet('facebook', 'story', [jpeg(), jpeg('b.jpg')], 'compose')).toBe(
      'Only one file is allowed for story posts.',
    );
    expect(validateMediaSet('facebook', 'reel', [mp4(), mp4('b.mp4')], 'compose')).toBe(
      'Only one file is allowed for reel posts.',
    );
  });

  it('requires the one file of a story or reel when sending', () => {
    expect(validateMediaSet('facebook', 'story', [], 'compose')).toBeNull();
    expect(validateMediaSet('facebook', 'story', [], 'send')).toBe(
      'Stories require exactly one photo or video.',
    );
    expect(validateMediaSet('facebook', 'reel', [], 'send')).toBe('Reels require exactly one video.');
  });
});

describe('Instagram media', () => {
  it('refuses an unsupported format', () => {
    expect(validateMediaFile('instagram', 'normal', file('a.webp', 'image/webp'))).toBe(
      'Unsupported file format: a.webp',
    );
  });

  it('refuses an image over 30MB and a video over 4GB', () => {
    expect(validateMediaFile('instagram', 'normal', jpeg('big.jpg', 30 * MB + 1))).toBe(
      'Image "big.jpg" exceeds the 30MB limit.',
    );
    expect(validateMediaFile('instagram', 'normal', jpeg('ok.jpg', 30 * MB))).toBeNull();
    expect(validateMediaFile('instagram', 'reel', file('a.mov', 'video/quicktime', 4 * GB + 1))).toBe(
      'Video "a.mov" exceeds the 4GB limit.',
    );
  });

  it('caps a carousel at 10 files while composing', () => {
    expect(
      validateMediaSet(
        'instagram',
        'carousel',
        many(11, (i) => jpeg(`p${i}.jpg`)),
        'compose',
      ),
    ).toBe('Carousel posts can have up to 10 media files.');
    expect(validateMediaSet('instagram', 'carousel', [jpeg()], 'compose')).toBeNull();
  });

  it('requires 2–10 carousel files when sending', () => {
    expect(validateMediaSet('instagram', 'carousel', [jpeg()], 'send')).toBe(
      'Carousel posts require 2–10 media files',
    );
    expect(
      validateMediaSet(
        'instagram',
        'carousel',
        many(10, (i) => jpeg(`p${i}.jpg`)),
        'send',
      ),
    ).toBeNull();
  });

  it('requires exactly one file in a story', () => {
    expect(validateMediaSet('instagram', 'story', [jpeg(), mp4()], 'compose')).toBe(
      'Stories require exactly one photo or video',
    );
    expect(validateMediaSet('instagram', 'story', [], 'send')).toBe(
      'Stories require exactly one photo or video',
    );
    expect(validateMediaSet('instagram', 'story', [mp4()], 'send')).toBeNull();
  });

  it('accepts only video in a reel', () => {
    expect(validateMediaFile('instagram', 'reel', jpeg())).toBe('Reels only support video uploads.');
    expect(validateMediaSet('instagram', 'reel', [], 'send')).toBe('Reels only support video uploads.');
  });

  it('allows one file in a normal post', () => {
    expect(validateMediaSet('instagram', 'normal', [jpeg(), jpeg('b.jpg')], 'compose')).toBe(
      'Only one file is allowed for normal posts.',
    );
  });
});

describe('TikTok media', () => {
  it('refuses a file over 1024 MB', () => {
    expect(validateMediaFile('tiktok', 'video', mp4('big.mp4', GB + 1))).toBe(
      'File "big.mp4" exceeds the 1024 MB limit.',
    );
    expect(validateMediaFile('tiktok', 'video', mp4('ok.mp4', GB))).toBeNull();
  });

  it('refuses a format TikTok does not accept', () => {
    expect(validateMediaFile('tiktok', 'video', file('a.webm', 'video/webm'))).toBe(
      'File "a.webm" is not an accepted format for TikTok uploads',
    );
  });

  it('accepts the spec video formats', () => {
    for (const mime of ['video/mp4', 'video/quicktime', 'video/mpeg', 'video/x-msvideo', 'video/3gpp']) {
      expect(validateMediaFile('tiktok', 'video', file('v', mime))).toBeNull();
    }
  });

  it('requires at least one media file when sending', () => {
    expect(validateMediaSet('tiktok', 'video', [], 'send')).toBe('At least one media file is required');
    expect(validateMediaSet('tiktok', 'video', [], 'compose')).toBeNull();
  });

  it('requires exactly one video for video posts', () => {
    expect(validateMediaSet('tiktok', 'video', [mp4(), mp4('b.mp4')], 'compose')).toBe(
      'Exactly one video is required for video posts',
    );
    expect(validateMediaFile('tiktok', 'video', jpeg())).toBe('Invalid file type: must be a video');
  });

  it('requires 1 to 12 images for photo posts', () => {
    expect(
      validateMediaSet(
        'tiktok',
        'photo',
        many(13, (i) => jpeg(`p${i}.jpg`)),
        'compose',
      ),
    ).toBe('Photo posts require 1 to 12 images');
    expect(
      validateMediaSet(
        'tiktok',
        'photo',
        many(12, (i) => jpeg(`p${i}.jpg`)),
        'send',
      ),
    ).toBeNull();
    expect(validateMediaSet('tiktok', 'photo', [jpeg(), mp4()], 'compose')).toBe(
      'Invalid file type: all files must be images',
    );
  });
});

describe('LinkedIn media', () => {
  it('refuses a file over 100 MB (104857600 bytes)', () => {
    expect(validateMediaFile('linkedin', 'normal', mp4('talk.mp4', 104857601))).toBe(
      'File "talk.mp4" exceeds the 100 MB limit.',
    );
    expect(validateMediaFile('linkedin', 'normal', mp4('talk.mp4', 104857600))).toBeNull();
  });

  it('refuses an unsupported format', () => {
    expect(validateMediaFile('linkedin', 'normal', file('a.zip', 'application/zip'))).toBe(
      'File "a.zip" is not a supported format for LinkedIn.',
    );
  });

  it('refuses a pasted image over 100 MB with its own message', () => {
    expect(
      validateMediaFile('linkedin', 'normal', file('paste.png', 'image/png', 101 * MB), { pasted: true }),
    ).toBe('Pasted image exceeds the 100 MB limit.');
  });

  it('accepts images, PDF, Office, OpenDocument, video and audio files', () => {
    const accepted = [
      'image/heic',
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'video/x-matroska',
      'video/x-ms-wmv',
      'video/x-ms-asf',
      'video/x-flv',
      'video/webm',
      'audio/aac',
      'audio/mpeg',
      'audio/wav',
      'audio/flac',
      'audio/ogg',
    ];
    for (const mime of accepted) expect(validateMediaFile('linkedin', 'normal', file('f', mime))).toBeNull();
  });

  it('keeps a document or video alone in its post', () => {
    expect(validateMediaSet('linkedin', 'normal', [pdf(), jpeg()], 'compose')).toBe(
      'A video, document or audio file must be the only file in a LinkedIn post.',
    );
    expect(
      validateMediaSet(
        'linkedin',
        'normal',
        many(3, (i) => jpeg(`p${i}.jpg`)),
        'send',
      ),
    ).toBeNull();
  });
});

describe('Threads media', () => {
  it('accepts JPEG and PNG up to 8 MB and refuses larger', () => {
    expect(validateMediaFile('threads', 'normal', file('a.png', 'image/png', 8 * MB))).toBeNull();
    expect(validateMediaFile('threads', 'normal', jpeg('big.jpg', 8 * MB + 1))).toBe(
      'Image "big.jpg" exceeds the 8MB limit.',
    );
  });

  it('refuses a GIF and a video over 1GB', () => {
    expect(validateMediaFile('threads', 'normal', file('a.gif', 'image/gif'))).toBe(
      'File "a.gif" is not a supported format for Threads.',
    );
    expect(validateMediaFile('threads', 'normal', mp4('big.mp4', GB + 1))).toBe(
      'Video "big.mp4" exceeds the 1GB limit.',
    );
  });

  it('caps a carousel at 20 files', () => {
    expect(
      validateMediaSet(
        'threads',
        'normal',
        many(21, (i) => jpeg(`p${i}.jpg`)),
        'compose',
      ),
    ).toBe('Threads posts can have up to 20 media files.');
    expect(
      validateMediaSet(
        'threads',
        'normal',
        many(20, (i) => jpeg(`p${i}.jpg`)),
        'send',
      ),
    ).toBeNull();
  });
});

describe('accepted types', () => {
  it('lists video only for TikTok video posts and images only for photo posts', () => {
    expect(acceptedMimeTypes('tiktok', 'video').every((m) => m.startsWith('video/'))).toBe(true);
    expect(acceptedMimeTypes('tiktok', 'photo').every((m) => m.startsWith('image/'))).toBe(true);
    expect(acceptedMimeTypes('facebook', 'reel')).toEqual(['video/*']);
  });
});
