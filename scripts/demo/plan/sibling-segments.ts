import { toUrlSegment } from '../../core/url-segment.ts';

/**
 * Keeps URL segments unique among siblings, per culture, the way an editor would: a clashing name
 * gets Umbraco's " (1)", " (2)" suffix; a clashing `umbracoUrlName` gets "-1", "-2". Without this,
 * two published siblings would compete for one URL and only the first would be routable.
 */
export interface SegmentClaim {
  name: string;
  urlName: string | null;
  segment: string;
}

export interface SiblingSegments {
  claim(parentId: number, cultures: readonly string[], name: string, urlName: string | null): SegmentClaim;
}

export function createSiblingSegments(): SiblingSegments {
  const used = new Map<string, Set<string>>();
  const setFor = (parentId: number, culture: string): Set<string> => {
    const key = `${parentId}|${culture}`;
    let set = used.get(key);
    if (!set) used.set(key, (set = new Set()));
    return set;
  };
  return {
    claim(parentId, cultures, name, urlName) {
      const sets = cultures.map((c) => setFor(parentId, c));
      for (let n = 0; ; n++) {
        const candidate =
          urlName === null
            ? { name: n === 0 ? name : `${name} (${n})`, urlName: null }
            : { name, urlName: n === 0 ? urlName : `${urlName}-${n}` };
        const segment = toUrlSegment(candidate.urlName ?? candidate.name);
        if (segment === '' || sets.some((s) => s.has(segment))) continue;
        for (const set of sets) set.add(segment);
        return { ...candidate, segment };
      }
    },
  };
}
