import '../../features/setup/jitless-zod';
import { createRoot } from 'react-dom/client';
import '../../components/styles.css';
import { PopupApp } from '../../app/popup-app';

createRoot(document.getElementById('root')!).render(<PopupApp />);
