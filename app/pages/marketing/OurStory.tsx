import { CallToAction } from '../../components/CallToAction';
import { STORY, STORY_INTRO } from '../../content/story';
import './marketing.css';
import './OurStory.css';

export function Component() {
  return (
    <div className="our-story">
      <section className="marketing-hero">
        <h1 className="marketing-hero__title">Our story</h1>
        <p className="marketing-hero__lead">{STORY_INTRO}</p>
      </section>

      <section className="marketing-section" aria-label="Timeline">
        <ol className="timeline">
          {STORY.map((milestone) => (
            <li key={milestone.title} className="timeline__item">
              <p className="timeline__date">{milestone.date}</p>
              <h2 className="timeline__title">{milestone.title}</h2>
              <p className="timeline__text">{milestone.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="marketing-section">
        <CallToAction title="Write the next chapter with your own idea" />
      </div>
    </div>
  );
}
