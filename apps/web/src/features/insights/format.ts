const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/** "Nov 25, 2026". */
export const formatDay = (iso: string) => day.format(new Date(iso));
/** "04:19 AM". */
export const formatTime = (iso: string) => time.format(new Date(iso));
