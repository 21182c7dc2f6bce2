import Picker, { EmojiStyle } from 'emoji-picker-react';

/** The emoji-picker-react panel, split into its own chunk; native emoji so nothing loads from a CDN. */
export default function EmojiPickerPanel({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <Picker
      emojiStyle={EmojiStyle.NATIVE}
      lazyLoadEmojis
      width={300}
      height={360}
      previewConfig={{ showPreview: false }}
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
