export {
  renderSpatialThumbnail,
  medianNearestSpacing,
  type RgbaImage,
  type SpatialThumbnailOptions,
} from './thumbnail.js';
export { THUMBNAIL_CLUSTER_PALETTE, hexToRgba } from './palette.js';
