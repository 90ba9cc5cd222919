/** Copy quality: per follower and per leader fill, with each copy's story. */
export { QualityPage } from './components/quality-page';
