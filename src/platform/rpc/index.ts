/** The JSON-RPC client, plain GETs to the same server, and the global `rpc_error` report. */
export { RpcClient, type RpcCallOptions, type RpcClientOptions, type RpcClientEventMap, type RpcCredentials, type RpcOutcome, type RpcRequestDetail, type RpcResponseDetail, type SessionInvalidListener } from './client.js';
export { buildRequestBody, readAnswer, toServerDatetime, type RpcAnswer } from './envelope.js';
export { httpGetJson, httpGetText, type HttpGetOptions } from './http-get.js';
export { RPC_ERROR_EVENT, reportRpcError, watchUnhandledRpcErrors, type RpcErrorEvent } from './unhandled.js';
