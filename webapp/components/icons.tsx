import type { SVGProps } from 'react';

/** Outline icons (24 px grid, stroke = currentColor) drawn for Postloom; size them with className. */
function Outline({ children, className = 'h-5 w-5', ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      {...rest}
    >
      {children}
    </svg>
  );
}

type IconProps = SVGProps<SVGSVGElement>;

export function MenuIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Outline>
  );
}
export function CloseIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Outline>
  );
}
export function BellIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M6 9a6 6 0 1 1 12 0c0 4.5 1.5 6.5 2 7H4c.5-.5 2-2.5 2-7Z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </Outline>
  );
}
export function HomeIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3 11 12 4l9 7" />
      <path d="M5 10v10h5v-6h4v6h5V10" />
    </Outline>
  );
}
export function SendIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M21 3 10 14" />
      <path d="M21 3 14.5 21l-4.5-7-7-4.5L21 3Z" />
    </Outline>
  );
}
export function ClockIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Outline>
  );
}
export function CalendarIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </Outline>
  );
}
export function ChartIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </Outline>
  );
}
export function QueueIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 6h16M4 12h16M4 18h10" />
    </Outline>
  );
}
export function PlusIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 5v14M5 12h14" />
    </Outline>
  );
}
export function ChevronDownIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m6 9 6 6 6-6" />
    </Outline>
  );
}
export function ChevronLeftIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m15 6-6 6 6 6" />
    </Outline>
  );
}
export function SupportIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
    </Outline>
  );
}
export function SettingsIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
    </Outline>
  );
}
export function LogoutIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H3" />
    </Outline>
  );
}
export function WifiOffIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 4.5-2.4M19 12.5a10 10 0 0 0-2.2-1.6M2 8.8a15 15 0 0 1 4.3-2.6M22 8.8A15 15 0 0 0 11 5M12 20h.01" />
    </Outline>
  );
}
export function ExternalLinkIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Outline>
  );
}
export function PlayIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M7 5v14l12-7L7 5Z" />
    </Outline>
  );
}
export function PauseIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M8 5v14M16 5v14" />
    </Outline>
  );
}
export function PencilIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
    </Outline>
  );
}
export function TrashIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Outline>
  );
}
export function GripIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth={3} />
    </Outline>
  );
}
export function CheckIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Outline>
  );
}
