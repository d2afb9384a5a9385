import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  ZAnnotationQuery,
  ZAnnotationRead,
  ZAnnotationSummary,
  ZPublicAnnotationQuery,
  ZClusterColours,
  ZClusterColoursPut,
  ZClusterColoursQuery,
  ZAnnotationCreate,
  ZAnnotationListQuery,
  ZAnnotationParams,
  ZAnnotationUpdate,
  ZPublicAnnotationListQuery,
} from './schemas.js';

/**
 * Shared annotations: named tixel sets of a run, seen by everyone who may see the run and changed by the run's group
 * (admins too). A run the caller may not see is a 404, as if it did not exist.
 */
export const listAnnotations = defineCall({
  method: 'GET',
  path: '/api/v1/annotations',
  access: 'any',
  summary: 'The annotations (named tixel sets) of a run the caller may see, without their tixels.',
  query: ZAnnotationListQuery,
  response: z.array(ZAnnotationSummary),
});

export const listPublicAnnotations = defineCall({
  method: 'GET',
  path: '/api/v1/annotations/public',
  access: 'public',
  summary: 'The annotations of the run a public link names, read-only, while the run is public (without tixels).',
  query: ZPublicAnnotationListQuery,
  response: z.array(ZAnnotationSummary),
});

export const getAnnotation = defineCall({
  method: 'GET',
  path: '/api/v1/annotations/:id',
  access: 'any',
  summary:
    'One annotation with its tixels (a list, or with form=compact the shortest of list, bitset and ranges), for whoever may see its run.',
  params: ZAnnotationParams,
  query: ZAnnotationQuery,
  response: ZAnnotationRead,
});

export const getPublicAnnotation = defineCall({
  method: 'GET',
  path: '/api/v1/annotations/public/:id',
  access: 'public',
  summary: 'One annotation, with its tixels, of the run a public link names, while the run is public.',
  params: ZAnnotationParams,
  query: ZPublicAnnotationQuery,
  response: ZAnnotationRead,
});

export const createAnnotation = defineCall({
  method: 'POST',
  path: '/api/v1/annotations',
  access: 'any',
  summary: 'Saves a selection as a named tixel set of a run (members of its group, admins).',
  body: ZAnnotationCreate,
  response: ZAnnotationSummary,
});

export const updateAnnotation = defineCall({
  method: 'PUT',
  path: '/api/v1/annotations/:id',
  access: 'any',
  summary: 'Renames, recolours, re-notes or replaces the tixels of an annotation.',
  params: ZAnnotationParams,
  body: ZAnnotationUpdate,
  response: ZAnnotationSummary,
});

export const deleteAnnotation = defineCall({
  method: 'DELETE',
  path: '/api/v1/annotations/:id',
  access: 'any',
  summary: 'Deletes an annotation.',
  params: ZAnnotationParams,
  response: z.object({ id: z.string() }),
});

/** Color Configuration's cluster colours of a run, kept for the run's group (read by all who may see the run). */
export const getClusterColours = defineCall({
  method: 'GET',
  path: '/api/v1/cluster_colors',
  access: 'any',
  summary: "A run's custom cluster colours (empty when none were set).",
  query: ZClusterColoursQuery,
  response: ZClusterColours,
});

export const putClusterColours = defineCall({
  method: 'PUT',
  path: '/api/v1/cluster_colors',
  access: 'any',
  summary: "Replaces a run's custom cluster colours (members of its group, admins).",
  body: ZClusterColoursPut,
  response: ZClusterColours,
});
