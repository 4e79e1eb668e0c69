// Every image is pinned, by a tag other than latest or a digest (the root's `images:` gives it
// newTag), and each of the root's image overrides is used by some container.
import { containersOf, hasPods, problem } from '../k8s.mjs';

/** `registry:5000/team/app:1.2@sha256:...` -> name `registry:5000/team/app`, pinned by tag or digest. */
function splitImage(reference) {
  const [withoutDigest, digest] = String(reference).split('@');
  const tagged = withoutDigest.lastIndexOf(':') > withoutDigest.lastIndexOf('/');
  const tag = tagged ? withoutDigest.slice(withoutDigest.lastIndexOf(':') + 1) : undefined;
  return {
    name: tagged ? withoutDigest.slice(0, withoutDigest.lastIndexOf(':')) : withoutDigest,
    pinned: !!digest || (!!tag && tag !== 'latest'),
  };
}

export default {
  name: 'images',
  check(objects, { images = [] }) {
    const out = [];
    const used = objects
      .filter(hasPods)
      .flatMap((o) => containersOf(o).map((c) => ({ o, c, ...splitImage(c.image) })));
    for (const { o, c, name } of used.filter((image) => !image.pinned))
      out.push(
        problem(
          o,
          `images: container ${c.name} uses ${name} without a tag; add it to the root's images: with newTag`,
        ),
      );
    for (const image of images.filter((i) => !used.some((u) => u.name === (i.newName ?? i.name))))
      out.push(problem(undefined, `images: ${image.name} is used by no container`));
    return out;
  },
};
