import type { FileIconKind } from '@/domain/public-files';
import classes from './FileIcon.module.css';

export interface FileIconProps {
  kind: FileIconKind;
  /** Shown on the icon (the extension, upper-case); empty for none. */
  label: string;
}

/** A sheet with a folded corner and the file's extension on a band coloured by its kind. */
export function FileIcon({ kind, label }: FileIconProps) {
  return (
    <svg className={classes.icon} viewBox="0 0 48 60" aria-hidden data-kind={kind}>
      <path
        d="M4 2h28l14 14v40a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
        fill="#f8f9fa"
        stroke="#adb5bd"
      />
      <path d="M32 2v12a2 2 0 0 0 2 2h12" fill="none" stroke="#adb5bd" />
      {/* The band's colour comes from the kind (FileIcon.module.css), so a glance tells them apart. */}
      <rect className={classes.band} x="0" y="34" width="40" height="16" rx="2" />
      <text x="20" y="46" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
        {label.slice(0, 5).toUpperCase()}
      </text>
    </svg>
  );
}
