import 'react';

// micro-app's typings have no JSX element; declare the attributes the host uses.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'micro-app': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        name: string;
        url: string;
        baseroute?: string;
        iframe?: string | boolean;
        'router-mode'?: 'native' | 'native-scope' | 'search' | 'history' | 'pure' | 'state';
        'keep-alive'?: string | boolean;
        'disable-memory-router'?: string | boolean;
      };
    }
  }
}
