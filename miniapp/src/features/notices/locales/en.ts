/** The in-app notice (an announcement shown in the app), English (the source). */
const noticesEn = {
  title: 'From the Ziver team',
  dismiss: 'Dismiss',
  dismissFailed: 'Could not dismiss the notice. Please try again.',
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type NoticesTranslation = DeepString<typeof noticesEn>;

export default noticesEn;
