export const authLinkClasses = 'font-medium text-brand-soft underline-offset-4 hover:underline';
