import type { SVGProps } from 'react';

/*
 * The six icons the chat shows before its first answer, drawn here from lucide's own paths (lucide, ISC
 * licence) rather than imported from lucide-react: its shared icon builder alone weighed about 1.2 kB of the
 * /embed page's budgeted first download (decision 105). Everything else in the app keeps lucide-react.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function icon(paths: readonly string[]) {
  return function ChatIcon(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const AlertTriangle = icon([
  'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3',
  'M12 9v4',
  'M12 17h.01',
]);
export const SendHorizontal = icon([
  'M3.714 3.048a.498.498 0 0 0-.683.627l2.843 7.627a2 2 0 0 1 0 1.396l-2.842 7.627a.498.498 0 0 0 .682.627l18-8.5a.5.5 0 0 0 0-.904z',
  'M6 12h16',
]);
export const Maximize2 = icon(['M15 3h6v6', 'm21 3-7 7', 'm3 21 7-7', 'M9 21H3v-6']);
export const Minimize2 = icon(['m14 10 7-7', 'M20 10h-6V4', 'm3 21 7-7', 'M4 14h6v6']);
export const MessageCircle = icon([
  'M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719',
]);
export const X = icon(['M18 6 6 18', 'm6 6 12 12']);
