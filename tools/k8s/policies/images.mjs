// Every image is pinned, by a tag other than latest or a digest (the root's `images:` gives it
// newTag), and each of the root's image overrides is used by some container.
import { containersOf, hasPods } from '../k8s.mjs';

export default function images(v, report) {
  const used = v.objects.filter(hasPods).flatMap((o) =>
    containersOf(o).map((c) => {
      const [, name, tag, digest] = /^(.*?)(?::([^:/@]+))?(@.+)?$/.exec(String(c.image));
      return { o, c, name, pinned: !!digest || (!!tag && tag !== 'latest') };
    }),
  );
  for (const { o, c, name } of used.filter((image) => !image.pinned))
    report(
      o,
      `images: container ${c.name} uses ${name} without a tag; add it to the root's images: with newTag`,
    );
  for (const image of (v.context.images ?? []).filter(
    (i) => !used.some((u) => u.name === (i.newName ?? i.name)),
  ))
    report(undefined, `images: ${image.name} is used by no container`);
}
