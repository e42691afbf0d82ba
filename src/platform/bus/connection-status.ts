/** How the bus connection stands, as the widget's header and the console's status line show it. */
export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'offline';
