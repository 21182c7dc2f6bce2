import { PlusIcon } from '../../components/icons';
import { openComposer } from './create-post-host';

/** The floating round button, bottom-right, that starts new-post creation (spec 01 section 2). */
export function CreatePostFab() {
  return (
    <button
      type="button"
      aria-label="Create new post"
      title="Create new post"
      onClick={() => openComposer()}
      className="fixed right-5 bottom-5 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition hover:bg-brand-700 hover:shadow-xl sm:right-8 sm:bottom-8"
    >
      <PlusIcon className="h-7 w-7" />
    </button>
  );
}
