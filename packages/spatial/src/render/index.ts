export {
  renderSpatialThumbnail,
  medianNearestSpacing,
  type RgbaImage,
  type SpatialThumbnailOptions,
} from './thumbnail.js';
