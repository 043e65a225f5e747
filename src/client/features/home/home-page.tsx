import { Home } from './home';
import { mainHome } from './variants';

export default function HomePage() {
  return <Home variant={mainHome} />;
}
