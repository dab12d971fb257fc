/** What describes the whole site: the landing page's description and the default of every page. */
export const siteDescription =
  "Build native iOS and Android apps with React: built-in backend, native modules, cloud builds without a Mac, store publishing and over-the-air updates.";
