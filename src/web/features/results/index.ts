/** The results podium: a route, loaded on demand by the router. Nothing else is shared. */
export {};
