import { describe, expect, it } from 'vitest';
import { postTypeForFiles } from './post-type-for-files';

describe('postTypeForFiles', () => {
  it('makes a TikTok Video post a Photo post when every added file is an image, and says so', () => {
    expect(postTypeForFiles('tiktok', 'video', [], ['image', 'image'])).toEqual({
      postType: 'photo',
      notice: 'Switched to Photo: TikTok posts images as a photo post.',
    });
  });

  it('keeps Video when a video is among the files or already attached', () => {
    expect(postTypeForFiles('tiktok', 'video', [], ['image', 'video'])).toBeNull();
    expect(postTypeForFiles('tiktok', 'video', ['video'], ['image'])).toBeNull();
    expect(postTypeForFiles('tiktok', 'video', [], ['video'])).toBeNull();
  });

  it('makes an empty Photo post a Video post for one video', () => {
    expect(postTypeForFiles('tiktok', 'photo', [], ['video'])).toEqual({
      postType: 'video',
      notice: 'Switched to Video: TikTok posts a video as a video post.',
    });
    expect(postTypeForFiles('tiktok', 'photo', ['image'], ['video'])).toBeNull();
    expect(postTypeForFiles('tiktok', 'photo', [], ['video', 'video'])).toBeNull();
    expect(postTypeForFiles('tiktok', 'photo', [], ['image'])).toBeNull();
  });

  it('never changes another platform or an empty choice', () => {
    expect(postTypeForFiles('instagram', 'reel', [], ['image'])).toBeNull();
    expect(postTypeForFiles('facebook', 'reel', [], ['image'])).toBeNull();
    expect(postTypeForFiles('tiktok', 'video', [], [])).toBeNull();
  });
});
