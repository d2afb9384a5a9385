import { useParams } from 'react-router-dom';
import { CataloguePage } from '../catalogue/CataloguePage';

/**
 * `/visualization/:group?`: the landing catalogue (spec 01 §2). The optional group pre-filters the catalogue;
 * a new group in the address starts a fresh catalogue state.
 */
export function VisualizationPage() {
  const { group } = useParams();
  return <CataloguePage key={group ?? ''} group={group} />;
}
