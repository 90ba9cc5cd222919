/** The prop-firm parts of the connections screens. */
export { AccountFirms } from './account-firms';
