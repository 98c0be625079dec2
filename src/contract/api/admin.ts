// Endpoints of the admin area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
