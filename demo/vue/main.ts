/** A Vue 3 application that embeds the chat the way the README's "Embed" section shows. */
import { createApp } from 'vue';
import 'live-chat-element/define';
import ChatDemo from './ChatDemo.vue';

createApp(ChatDemo).mount('#app');
