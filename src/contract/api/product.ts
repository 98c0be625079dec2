// Endpoints of the product area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
