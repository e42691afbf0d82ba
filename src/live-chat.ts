import './define.js';
