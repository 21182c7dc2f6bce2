import '../../features/setup/jitless-zod';
import { createRoot } from 'react-dom/client';
import '../../features/ui/styles.css';
import { PopupApp } from '../../features/popup/popup-app';

createRoot(document.getElementById('root')!).render(<PopupApp />);
