/**
 * The demo video of /demo. OPERATOR CONTENT: to show another video, put the file under
 * public/media/ (or on another host, and add that origin to `media-src` in
 * worker/middleware/security-headers.ts) and change these addresses. The sample is a short
 * silent tour of a first session in the workspace, assembled from the product's own screens by
 * scripts/media/build-demo-video.mjs (the answers in it are a scripted sample).
 */
export const DEMO_VIDEO = {
  src: '/media/demo.mp4',
  type: 'video/mp4',
  poster: '/media/demo-poster.webp',
  captions: '/media/demo.en.vtt',
  width: 1280,
  height: 720,
  title: 'A 28-second tour of a first session with the AI co-founder',
} as const;
