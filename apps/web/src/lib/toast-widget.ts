// The part of lib/toast.tsx that the first screen does not load: antd-mobile's Toast, with its set-up.
import './antd-setup';

export { Toast } from 'antd-mobile';
