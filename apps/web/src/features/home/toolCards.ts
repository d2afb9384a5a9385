import { MSG } from '@atlas/contracts';
import type { ComponentName, GroupRule } from '../../app/views';

/** The signed-in home page's tool cards (spec 01 §1), each with the groups that may see it. */
export interface ToolCard {
  title: string;
  description: string;
  component: ComponentName;
  rule: GroupRule;
}

export const TOOL_CARDS: ToolCard[] = [
  { title: 'AtlasXbrowser', description: MSG.toolAtlasBrowser, component: 'AtlasBrowser', rule: 'user' },
  { title: 'Image Viewer', description: MSG.toolImageViewer, component: 'ImageViewer', rule: 'admin' },
  { title: 'AtlasViewer', description: MSG.toolAtlasViewer, component: 'AtlasViewer', rule: 'admin' },
  { title: 'AtlasXplore', description: MSG.toolAtlasXplore, component: 'AtlasXplore', rule: 'any' },
  {
    title: 'Atlas Run Information Viewer',
    description: MSG.toolAtlasRunViewer,
    component: 'AtlasRunViewer',
    rule: 'user',
  },
  { title: 'Atlas Uploader', description: MSG.toolAtlasUploader, component: 'AtlasUploader', rule: 'admin' },
];
