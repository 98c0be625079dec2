// Endpoints of the lottery area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
