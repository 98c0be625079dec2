// Endpoints of the member area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
