import { useRef } from 'react';
import { CallToAction } from '../../components/CallToAction';
import { FaqList } from '../../components/FaqList';
import { PricingCards } from '../../components/PricingCards';
import { DEMO_VIDEO } from '#contracts/pages/demo-video';
import { DEMO_FAQS } from '../../content/faqs';
import { track } from '../../lib/analytics';
import './marketing.css';
import './Demo.css';

export function Component() {
  // 'play-demo' counts visitors who start the video, not plays: only the first play is sent.
  const playedRef = useRef(false);
  function onPlay() {
    if (playedRef.current) return;
    playedRef.current = true;
    track('play-demo');
  }

  return (
    <div className="demo">
      <section className="marketing-hero">
        <h1 className="marketing-hero__title">See Launchmate in action</h1>
        <p className="marketing-hero__lead">Watch a founder go from a rough idea to a validated plan.</p>
      </section>

      <section className="marketing-section" aria-label="Demo video">
        <figure className="demo__player">
          <video
            className="demo__video"
            controls
            playsInline
            preload="none"
            poster={DEMO_VIDEO.poster}
            width={DEMO_VIDEO.width}
            height={DEMO_VIDEO.height}
            aria-describedby="demo-video-caption"
            onPlay={onPlay}
          >
            <source src={DEMO_VIDEO.src} type={DEMO_VIDEO.type} />
            <track kind="captions" src={DEMO_VIDEO.captions} srcLang="en" label="English" default />
            <a href={DEMO_VIDEO.src}>Download the demo video</a>
          </video>
          <figcaption id="demo-video-caption" className="demo__caption">
            {DEMO_VIDEO.title}: the message box, privacy mode, the founder showcase, pricing and our story.
          </figcaption>
        </figure>
      </section>

      <section className="marketing-section" aria-labelledby="demo-pricing">
        <h2 id="demo-pricing" className="marketing-section__title">
          Pricing
        </h2>
        <p className="marketing-section__lead">Start free with the first 2 phases. Go Pro once, for life.</p>
        <PricingCards headingLevel={3} />
      </section>

      <section className="marketing-section" aria-labelledby="demo-faq">
        <h2 id="demo-faq" className="marketing-section__title">
          Frequently asked questions
        </h2>
        <FaqList faqs={DEMO_FAQS} />
      </section>

      <div className="marketing-section">
        <CallToAction />
      </div>
    </div>
  );
}
