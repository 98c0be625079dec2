// Endpoints of the auth area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
