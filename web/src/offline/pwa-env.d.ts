// Types of vite-plugin-pwa's virtual module (virtual:pwa-register/react), used by update-prompt.tsx.
/// <reference types="vite-plugin-pwa/react" />
