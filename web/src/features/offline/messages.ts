export const FREE_PLAN_NOTE = 'Downloads are part of Basic and Premium.';
export const CONNECT_TO_DOWNLOAD = 'Connect to the internet to download';
export const DOWNLOAD_FAILED = 'The download could not start. Check your connection and try again.';
