import { useId, useState } from 'react';
import { acceptedMimeTypes } from '../../../shared/media/media-rules';
import type { PlatformId } from '../../../shared/platforms/ids';
import { getPlatform, getPostType } from '../../../shared/platforms/registry';
import {
  TIKTOK_DEFAULTS,
  TIKTOK_FOLLOWERS_OPTION,
  TIKTOK_PRIVACY_OPTIONS,
} from '../../../shared/posts/constants';
import { tooLongMessage } from '../../../shared/posts/validate-post';
import { ChevronDownIcon } from '../../components/icons';
import { useCreatorInfo } from './api/get-creator-info';
import type { ComposerState } from './composer-state';
import type { EditorActions } from './editor-actions';
import { MediaField } from './media-field';
import { PostTextField } from './post-text-field';

interface SingleEditorProps {
  state: ComposerState;
  actions: EditorActions;
  fileErrors: Record<string, string[]>;
  /** Said under the post type (TikTok switched it to fit the files). */
  notice?: string | null;
}

const PRIVACY_LABELS: Record<string, string> = Object.fromEntries(
  [...TIKTOK_PRIVACY_OPTIONS, TIKTOK_FOLLOWERS_OPTION].map((option) => [option.value, option.label]),
);

const TEXT_LABELS: Record<PlatformId, string> = {
  twitter: 'Tweet text',
  facebook: 'Post text',
  instagram: 'Caption',
  linkedin: 'Caption',
  tiktok: 'Caption',
  threads: 'Post text',
};

const inputClass =
  'block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** Facebook, Instagram, TikTok and LinkedIn: post type, text, media and the platform's own fields. */
export function SingleEditor({ state, actions, fileErrors, notice = null }: SingleEditorProps) {
  const platform = state.platform as PlatformId;
  const info = getPlatform(platform);
  const type = getPostType(platform, state.postType);
  const item = state.items[0];
  const typeName = useId();
  if (!item) return null;
  const hasText = type?.hasText ?? true;
  const takesMedia = (type?.mediaKinds.length ?? 1) > 0;
  const oneFile =
    (platform === 'facebook' && (state.postType === 'story' || state.postType === 'reel')) ||
    (platform === 'instagram' && state.postType !== 'carousel') ||
    (platform === 'tiktok' && state.postType === 'video');
  const maxFiles = oneFile ? 1 : (info.limits.mediaPerPost ?? 50);
  // An empty TikTok post takes images or a video: the files choose Photo or Video (postTypeForFiles).
  const eitherTikTokType = platform === 'tiktok' && item.media.length === 0;
  const accept = eitherTikTokType
    ? [...acceptedMimeTypes(platform, 'video'), ...acceptedMimeTypes(platform, 'photo')]
    : acceptedMimeTypes(platform, state.postType);
  const meta = state.metadata;

  return (
    <div className="space-y-4">
      {info.postTypes.length > 1 ? (
        <fieldset>
          <legend className="mb-1 font-medium text-gray-700 text-sm">Post type</legend>
          <div className="flex flex-wrap gap-2">
            {info.postTypes.map((option) => (
              <label
                key={option.id}
                className={`cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                  state.postType === option.id
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-gray-300 text-gray-700 hover:bg-gray-50'
                }`}
              >
                <input
                  type="radio"
                  name={typeName}
                  value={option.id}
                  checked={state.postType === option.id}
                  onChange={() => actions.setPostType(option.id)}
                  className="sr-only"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-brand-800 text-sm">
          {notice}
        </p>
      ) : null}

      {platform === 'linkedin' && state.postType === 'article' ? (
        <div className="space-y-3">
          <label className="block text-gray-700 text-sm">
            <span className="mb-1 block font-medium">Article URL</span>
            <input
              type="url"
              className={inputClass}
              placeholder="https://"
              value={String(meta.articleUrl ?? '')}
              onChange={(e) => actions.setMetadata({ articleUrl: e.target.value })}
              required
            />
          </label>
          <label className="block text-gray-700 text-sm">
            <span className="mb-1 block font-medium">Article title</span>
            <input
              type="text"
              className={inputClass}
              value={String(meta.articleTitle ?? '')}
              onChange={(e) => actions.setMetadata({ articleTitle: e.target.value })}
            />
          </label>
          <label className="block text-gray-700 text-sm">
            <span className="mb-1 block font-medium">Article description</span>
            <textarea
              rows={2}
              className={inputClass}
              value={String(meta.articleDescription ?? '')}
              onChange={(e) => actions.setMetadata({ articleDescription: e.target.value })}
            />
          </label>
        </div>
      ) : null}

      {hasText ? (
        <PostTextField
          platform={platform}
          label={TEXT_LABELS[platform]}
          value={item.content}
          onChange={(value) => actions.setContent(item.key, value)}
          tooLongMessage={tooLongMessage(platform)}
          onPasteFiles={takesMedia ? (files) => actions.addFiles(item.key, files, true) : undefined}
        />
      ) : (
        <p className="rounded-lg bg-gray-50 p-3 text-gray-600 text-sm">Stories are shared without text.</p>
      )}

      {takesMedia ? (
        <MediaField
          media={item.media}
          accept={accept}
          canAdd={item.media.length < maxFiles}
          multiple={maxFiles > 1 || eitherTikTokType}
          errors={fileErrors[item.key] ?? []}
          onAdd={(files) => actions.addFiles(item.key, files)}
          onRemove={(key) => actions.removeMedia(key)}
          label={platform === 'linkedin' ? 'Add Media' : 'Add media'}
        />
      ) : null}

      {platform === 'instagram' ? (
        <label className="block text-gray-700 text-sm">
          <span className="mb-1 block font-medium">Alt Text</span>
          <input
            type="text"
            className={inputClass}
            placeholder="Describe your photo for people who can't see it"
            value={String(meta.alt_text ?? '')}
            onChange={(e) => actions.setMetadata({ alt_text: e.target.value })}
          />
        </label>
      ) : null}

      {platform === 'tiktok' ? <TikTokSettings state={state} actions={actions} /> : null}
    </div>
  );
}

function TikTokSettings({ state, actions }: { state: ComposerState; actions: EditorActions }) {
  const [open, setOpen] = useState(false);
  const creatorInfo = useCreatorInfo(state.accountId);
  // Spec 02 section 9: the three levels when the account's creator info cannot be read.
  const options =
    creatorInfo.data && creatorInfo.data.privacyLevelOptions.length > 0
      ? creatorInfo.data.privacyLevelOptions
      : TIKTOK_PRIVACY_OPTIONS.map((option) => option.value as string);
  const meta = state.metadata;
  const regionId = useId();
  const privacy = String(meta.privacy_level ?? TIKTOK_DEFAULTS.privacy_level);
  const toggles = [
    { key: 'disable_comment', label: 'Disable comments', locked: creatorInfo.data?.commentDisabled },
    { key: 'disable_duet', label: 'Disable duet', locked: creatorInfo.data?.duetDisabled },
    { key: 'disable_stitch', label: 'Disable stitch', locked: creatorInfo.data?.stitchDisabled },
  ] as const;
  return (
    <div className="rounded-lg border border-gray-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-between px-3 py-2 font-medium text-gray-800 text-sm"
      >
        Advanced TikTok Settings
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div id={regionId} className="space-y-3 border-gray-100 border-t px-3 py-3">
          <label className="block text-gray-700 text-sm">
            <span className="mb-1 block font-medium">Who can view this video</span>
            <select
              className={inputClass}
              value={options.includes(privacy) ? privacy : (options[0] ?? privacy)}
              onChange={(e) => actions.setMetadata({ privacy_level: e.target.value })}
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {PRIVACY_LABELS[option] ?? option}
                </option>
              ))}
            </select>
          </label>
          {toggles.map((toggle) => (
            <label key={toggle.key} className="flex items-center justify-between gap-3 text-gray-700 text-sm">
              {toggle.label}
              <input
                type="checkbox"
                role="switch"
                aria-checked={Boolean(meta[toggle.key]) || Boolean(toggle.locked)}
                className="h-4 w-4 accent-brand-600"
                checked={Boolean(meta[toggle.key]) || Boolean(toggle.locked)}
                disabled={Boolean(toggle.locked)}
                onChange={(e) => actions.setMetadata({ [toggle.key]: e.target.checked })}
              />
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}
