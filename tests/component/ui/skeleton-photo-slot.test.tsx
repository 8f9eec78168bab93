// A skeleton's photo slot (lib/early-photo.ts, docs/decisions/early-photos.md): the prerendered document's
// script fills the slot's hidden <img> before React hydrates, reveals it once loaded, and React keeps
// it as it is through hydration and later renders (it never patches a prerendered element's attributes);
// without the slot, the script falls back to a preload of the same rendition.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PHOTO_ATTRIBUTE, showEarlyPhoto } from '../../../src/lib/early-photo.ts';
import { Skeleton } from '../../../src/ui/skeleton/skeleton.tsx';

// hydrateRoot and act without Testing Library: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sources = {
  src: 'https://api.example/render/cover.webp?width=1200',
  srcSet: 'https://api.example/render/cover.webp?width=640 640w, https://api.example/render/cover.webp?width=1200 1200w',
  sizes: '(min-width: 64rem) 66vw, 100vw',
};

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('a skeleton photo slot', () => {
  it('is an empty hidden image in the prerendered HTML, only when the skeleton names a slot', () => {
    const withSlot = document.createElement('div');
    withSlot.innerHTML = renderToString(<Skeleton shape="rect" photoSlot="gallery" />);
    const image = withSlot.querySelector('img');
    expect(image?.getAttribute(EARLY_PHOTO_ATTRIBUTE)).toBe('gallery');
    expect(image?.hidden).toBe(true);
    expect(image?.getAttribute('src')).toBeNull();
    expect(image?.alt).toBe('');
    const withoutSlot = document.createElement('div');
    withoutSlot.innerHTML = renderToString(<Skeleton shape="rect" />);
    expect(withoutSlot.querySelector('img')).toBeNull();
  });

  it('is filled by the document’s script, shown once loaded, and kept through hydration and re-renders', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Skeleton shape="rect" aspectRatio="16 / 9" photoSlot="gallery" />);
    document.body.append(container);

    showEarlyPhoto('gallery', sources);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(sources.src);
    expect(image.getAttribute('srcset')).toBe(sources.srcSet);
    expect(image.getAttribute('sizes')).toBe(sources.sizes);
    expect(image.getAttribute('crossorigin')).toBe('anonymous');
    expect(image.hidden).toBe(true);
    image.dispatchEvent(new Event('load'));
    expect(image.hidden).toBe(false);

    const recoverable = vi.fn();
    act(() => {
      root = hydrateRoot(container, <Skeleton shape="rect" aspectRatio="16 / 9" photoSlot="gallery" />, { onRecoverableError: recoverable });
    });
    act(() => root!.render(<Skeleton shape="rect" aspectRatio="16 / 9" photoSlot="gallery" />));
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('img')).toBe(image);
    expect(image.getAttribute('src')).toBe(sources.src);
    expect(image.hidden).toBe(false);
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('without the slot in the page, the script preloads the same rendition at high priority instead', () => {
    showEarlyPhoto('gallery', sources);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('href')).toBe(sources.src);
    expect(link?.getAttribute('imagesrcset')).toBe(sources.srcSet);
    expect(link?.getAttribute('imagesizes')).toBe(sources.sizes);
    expect(link?.getAttribute('crossorigin')).toBe('anonymous');
  });
});
