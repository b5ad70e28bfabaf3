import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 renders its imperative widgets (Toast, Dialog) with the React 18 `render` API,
 * which React 19 removed. This is the adapter its documentation prescribes for React 19: one root
 * per container, unmounted on the next tick so closing animations can finish.
 */
export function installAntdRenderAdapter(): void {
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    const mounted = root;
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      mounted.unmount();
      roots.delete(container);
    };
  });
}
