/**
 * The inspector's web server on the JDK's own HTTP server: the page, its Server-Sent Events stream
 * of frames, the controls it may use, and the checks every request passes (host, origin, access
 * token). Not exported by the module.
 */
package dev.arbor.inspector.web;
