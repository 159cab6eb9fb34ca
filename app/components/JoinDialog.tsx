import { Link } from 'react-router';
import { Modal } from './Modal';

/**
 * What a visitor sees after sending a message from the landing page: sign up or sign in to
 * get the answer. Its own chunk, fetched just after the landing page renders.
 */
export default function JoinDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Join and start building" onClose={onClose}>
      <p className="message-box__join-text">Create a free account to get your AI co-founder's answer. Your message is saved and waiting for you.</p>
      <div className="message-box__join-links">
        <Link className="button" to="/signup">
          Sign up
        </Link>
        <Link className="button button--secondary" to="/signin">
          Sign in
        </Link>
      </div>
    </Modal>
  );
}
