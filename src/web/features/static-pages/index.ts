/** Credits, privacy and the not-found page: routes, loaded on demand by the router. Nothing else is shared. */
export {};
